// The dashboard's charts: loaded lazily by analytics-section.tsx; this chunk (with daily-charts.tsx, share-charts.tsx
// and chart-card.tsx) is the only one that imports recharts.
import type { Analytics } from '@common/dashboard';
import { LicensesChart, RevenueChart, SitesChart } from './daily-charts';
import { DeactivationReasons, PluginVersions, ReleaseHealthChart, VersionShare } from './share-charts';

/** The two version-share charts: which software they count, and where the answer holds its shares. */
const VERSION_SHARES = [
  { id: 'wp-versions', software: 'WordPress', key: 'wp_versions' },
  { id: 'php-versions', software: 'PHP', key: 'php_versions' },
] as const;

export function AnalyticsCharts({ analytics }: { analytics: Analytics }) {
  const { shares } = analytics;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="analytics-charts">
      <RevenueChart analytics={analytics} />
      <LicensesChart analytics={analytics} />
      <SitesChart analytics={analytics} />
      <PluginVersions analytics={analytics} />
      {VERSION_SHARES.map(({ id, software, key }) => (
        <VersionShare
          key={id}
          id={id}
          title={`${software} versions`}
          description={`Sites per ${software} major.minor, as the sites report it.`}
          shares={shares[key]}
          total={shares.sites}
        />
      ))}
      <ReleaseHealthChart analytics={analytics} />
      <DeactivationReasons analytics={analytics} />
    </div>
  );
}
