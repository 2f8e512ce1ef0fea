// The dashboard's charts: loaded lazily by analytics-section.tsx; this chunk (with daily-charts.tsx, share-charts.tsx
// and chart-card.tsx) is the only one that imports recharts.
import type { Analytics } from '@common/dashboard';
import { LicensesChart, RevenueChart, SitesChart } from './daily-charts';
import { DeactivationReasons, PluginVersions, ReleaseHealthChart, VersionShare } from './share-charts';

export function AnalyticsCharts({ analytics }: { analytics: Analytics }) {
  const { shares } = analytics;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="analytics-charts">
      <RevenueChart analytics={analytics} />
      <LicensesChart analytics={analytics} />
      <SitesChart analytics={analytics} />
      <PluginVersions analytics={analytics} />
      <VersionShare
        id="wp-versions"
        title="WordPress versions"
        description="Sites per WordPress major.minor, as the sites report it."
        shares={shares.wp_versions}
        total={shares.sites}
      />
      <VersionShare
        id="php-versions"
        title="PHP versions"
        description="Sites per PHP major.minor, as the sites report it."
        shares={shares.php_versions}
        total={shares.sites}
      />
      <ReleaseHealthChart analytics={analytics} />
      <DeactivationReasons analytics={analytics} />
    </div>
  );
}
