// The dashboard's share charts: plugin, WordPress and PHP versions, release health, deactivation reasons.
import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics, Share } from '@common/dashboard';
import { AXIS, COLOURS, ChartCard, FigureTable, ShareBars, ShareTable, firstFour, percent, plural, shareSummary } from './chart-card';

const sitesOf = (shares: Share[]): number => shares.reduce((n, share) => n + share.sites, 0);

export function VersionShare({ id, title, description, shares, total }: { id: string; title: string; description: string; shares: Share[]; total: number }) {
  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      summary={`${plural(total, 'site')}: ${shareSummary(shares, total)}.`}
      empty={total === 0 && 'No sites yet'}
      table={<ShareTable shares={shares} total={total} />}
    >
      <ShareBars shares={shares} label={title} />
    </ChartCard>
  );
}

export function PluginVersions({ analytics }: { analytics: Analytics }) {
  const { plugin_versions: plugins, sites } = analytics.shares;
  return (
    <ChartCard
      id="plugin-versions"
      title="Plugin versions"
      description="Sites per installed plugin version, as the sites report it. Unknown: never reported."
      summary={plugins.map((plugin) => `${plugin.plugin_name}: ${shareSummary(plugin.versions, sitesOf(plugin.versions))}`).join('. ') + '.'}
      empty={sites === 0 && 'No sites yet'}
      table={plugins.map((plugin) => (
        <div key={plugin.plugin_slug} className="mb-3">
          <p className="font-medium">{plugin.plugin_name}</p>
          <ShareTable shares={plugin.versions} total={sitesOf(plugin.versions)} />
        </div>
      ))}
    >
      {plugins.map((plugin) => (
        <div key={plugin.plugin_slug}>
          <p className="text-sm font-medium">{plugin.plugin_name}</p>
          <ShareBars shares={plugin.versions} label={`${plugin.plugin_name} versions`} />
        </div>
      ))}
    </ChartCard>
  );
}

export function ReleaseHealthChart({ analytics }: { analytics: Analytics }) {
  const rows = analytics.release_health.map((row) => ({ ...row, label: `${row.plugin_slug} ${row.version}`, succeeded: row.sites_updated - row.failures }));
  const failures = rows.reduce((n, row) => n + row.failures, 0);
  const updated = rows.reduce((n, row) => n + row.sites_updated, 0);
  const perRelease = rows.length > 0 ? `: ${firstFour(rows, (row) => `${row.label} ${row.failures} of ${row.sites_updated}`)}` : '';
  return (
    <ChartCard
      id="release-health"
      title="Release health"
      description="Sites that reported on an update in the period, per release: failures (a fatal error from the plugin, or the update did not take) and the rest."
      summary={`${plural(failures, 'failure')} of ${plural(updated, 'updated site')} over ${plural(rows.length, 'release')}${perRelease}.`}
      empty={rows.length === 0 && 'No update reports in this period'}
      table={
        <FigureTable
          headings={['Release', 'Sites updated', 'Failures', 'Rate']}
          rows={rows.map((row) => [row.label, row.sites_updated, row.failures, percent(row.failures, row.sites_updated)])}
        />
      }
    >
      <ResponsiveContainer width="100%" height={48 + rows.length * 30}>
        <BarChart layout="vertical" data={rows} margin={{ top: 0, right: 16, bottom: 0, left: 0 }} aria-label="Release health">
          <XAxis type="number" tick={AXIS} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={AXIS} width={160} />
          <Tooltip />
          <Legend />
          <Bar dataKey="failures" name="Failures" stackId="sites" fill={COLOURS.orders} />
          <Bar dataKey="succeeded" name="Updated without failure" stackId="sites" fill={COLOURS.sites} radius={[0, 3, 3, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DeactivationReasons({ analytics }: { analytics: Analytics }) {
  const shares: Share[] = analytics.deactivation_reasons.map((row) => ({ label: row.reason, sites: row.sites }));
  const total = sitesOf(shares);
  return (
    <ChartCard
      id="deactivation-reasons"
      title="Deactivation reasons"
      description="Why sites deactivated your plugins in the period, when you ask (Settings, Releases)."
      summary={`${plural(total, 'site')}: ${shareSummary(shares, total)}.`}
      empty={total === 0 && 'No deactivation reasons in this period'}
      table={<ShareTable shares={shares} total={total} heading="Reason" />}
    >
      <ShareBars shares={shares} label="Deactivation reasons" width={200} fill={COLOURS.licenses} />
    </ChartCard>
  );
}
