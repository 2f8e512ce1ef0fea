// The dashboard's charts: loaded lazily by analytics-section.tsx, the only module that imports recharts.
// Each chart is a figure with a title, a one-line summary (its accessible name) and the same figures as a
// table behind "Show as table"; an empty window shows a short message instead of an empty chart.
import { useState, type ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics, Share } from '@common/dashboard';
import { formatMoney } from '@common/pricing';
import type { OrderKind } from '@common/prices';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

// Tailwind 600 shades: at least 4.5:1 against white, told apart by shape too (bars, solid and dashed lines).
const COLOURS = { revenue: '#2563eb', orders: '#c2410c', licenses: '#7c3aed', sites: '#047857', counted: '#0f766e', share: '#2563eb' };
const AXIS = { fontSize: 12, stroke: '#6b7280' };

const dayLabel = (date: string): string => new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function ChartCard({
  id,
  title,
  description,
  summary,
  empty,
  table,
  controls,
  children,
  className,
}: {
  id: string;
  title: string;
  description: string;
  summary: string;
  empty?: string | false;
  table: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`min-w-0 ${className ?? ''}`} data-testid={`chart-${id}`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} role="heading" aria-level={3}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground" data-testid="chart-empty">
            {empty}
          </p>
        ) : (
          <figure aria-labelledby={`${id}-title`} className="m-0 space-y-3">
            <figcaption className="text-sm" id={`${id}-summary`}>
              {summary}
            </figcaption>
            {controls}
            {/* The drawing repeats the caption and the table: screen readers get those, not the SVG's parts. */}
            <div role="img" aria-label={summary} className="w-full">
              {children}
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">Show as table</summary>
              {/* Scrolls (90 rows): focusable, so a keyboard can scroll it too. */}
              <div className="mt-2 max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
                {table}
              </div>
            </details>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

function RevenueChart({ analytics }: { analytics: Analytics }) {
  const { currencies, totals, daily, days } = analytics;
  // The currency with the most revenue first; amounts in different currencies are never added up.
  const ranked = [...currencies].sort((a, b) => (totals.revenue[b] ?? 0) - (totals.revenue[a] ?? 0));
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : (ranked[0] ?? 'GBP');
  const data = daily.map((day) => ({ date: dayLabel(day.date), revenue: (day.revenue[currency] ?? 0) / 100, orders: day.orders }));
  const revenueText = currencies.map((c) => formatMoney(totals.revenue[c] ?? 0, c)).join(' + ') || formatMoney(0, currency);
  const refundText = totals.refunded_orders
    ? ` ${plural(totals.refunded_orders, 'order')} refunded since (${currencies
        .filter((c) => totals.refunded[c])
        .map((c) => formatMoney(totals.refunded[c] ?? 0, c))
        .join(' + ')}), not in revenue.`
    : '';
  return (
    <ChartCard
      id="revenue"
      className="lg:col-span-2"
      title="Revenue and orders per day"
      description="Paid orders by the day they were paid; refunded orders are left out of revenue and counted apart."
      summary={`Last ${days} days: ${revenueText} from ${plural(totals.orders, 'paid order')}.${refundText}`}
      empty={totals.orders === 0 && totals.refunded_orders === 0 && 'No sales yet'}
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead>Orders</TableHead>
              {currencies.map((c) => (
                <TableHead key={c}>Revenue {c}</TableHead>
              ))}
              <TableHead>Refunded</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {daily.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{day.date}</TableCell>
                <TableCell>{day.orders}</TableCell>
                {currencies.map((c) => (
                  <TableCell key={c}>{formatMoney(day.revenue[c] ?? 0, c)}</TableCell>
                ))}
                <TableCell>{day.refunded_orders}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      controls={
        <>
          <RevenueByKind analytics={analytics} />
          {currencies.length > 1 && (
            <div role="group" aria-label="Currency" className="flex flex-wrap gap-2">
              {ranked.map((c) => (
                <Button key={c} size="sm" variant={c === currency ? 'default' : 'outline'} aria-pressed={c === currency} onClick={() => setChosen(c)}>
                  {c}
                </Button>
              ))}
            </div>
          )}
        </>
      }
    >
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={AXIS} minTickGap={16} />
          <YAxis yAxisId="revenue" tick={AXIS} width={56} tickFormatter={(value: number) => formatMoney(Math.round(value * 100), currency)} />
          <YAxis yAxisId="orders" orientation="right" tick={AXIS} width={32} allowDecimals={false} />
          <Tooltip formatter={(value, name) => (name === `Revenue (${currency})` ? formatMoney(Math.round(Number(value) * 100), currency) : value)} />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenue" name={`Revenue (${currency})`} fill={COLOURS.revenue} radius={[3, 3, 0, 0]} />
          <Line yAxisId="orders" dataKey="orders" name="Orders" stroke={COLOURS.orders} strokeWidth={2} dot={false} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

const KIND_LABELS: Record<OrderKind, string> = { new: 'New sales', renewal: 'Renewals', upgrade: 'Upgrades' };

/** The window's revenue split by order kind (new sales, renewals, upgrades); they add up to the total above. */
function RevenueByKind({ analytics }: { analytics: Analytics }) {
  const { currencies, totals } = analytics;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="revenue-by-kind">
      {totals.by_kind.map((entry) => (
        <div key={entry.kind} className="rounded-md border px-3 py-2" data-testid={`revenue-kind-${entry.kind}`}>
          <dt className="text-muted-foreground">{KIND_LABELS[entry.kind]}</dt>
          <dd className="font-medium">
            {currencies.length > 0 ? currencies.map((c) => formatMoney(entry.revenue[c] ?? 0, c)).join(' + ') : formatMoney(0, 'GBP')}
            <span className="font-normal text-muted-foreground"> · {plural(entry.orders, 'order')}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LicensesChart({ analytics }: { analytics: Analytics }) {
  const { daily, totals, days } = analytics;
  return (
    <ChartCard
      id="licences"
      title="New licences per day"
      description="Licences created, bought or made by hand."
      summary={`Last ${days} days: ${plural(totals.new_licences, 'new licence')}.`}
      empty={totals.new_licences === 0 && 'No new licences yet'}
      table={<DailyTable rows={daily.map((day) => [day.date, day.new_licences])} heading="New licences" />}
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={daily.map((day) => ({ date: dayLabel(day.date), licenses: day.new_licences }))} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={AXIS} minTickGap={16} />
          <YAxis tick={AXIS} width={32} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="licenses" name="New licences" fill={COLOURS.licenses} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function SitesChart({ analytics }: { analytics: Analytics }) {
  const { daily, days } = analytics;
  const first = daily[0];
  const last = daily[daily.length - 1];
  return (
    <ChartCard
      id="sites"
      title="Active sites"
      description="Sites with an activation at the end of each day (UTC); local and staging sites use no seat."
      summary={`${plural(last?.active_sites ?? 0, 'active site')} today (${(last?.counted_sites ?? 0).toLocaleString('en-GB')} using a seat), ${(first?.active_sites ?? 0).toLocaleString('en-GB')} ${days} days ago.`}
      empty={daily.every((day) => day.active_sites === 0) && 'No active sites yet'}
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead>Active sites</TableHead>
              <TableHead>Using a seat</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {daily.map((day) => (
              <TableRow key={day.date}>
                <TableCell>{day.date}</TableCell>
                <TableCell>{day.active_sites}</TableCell>
                <TableCell>{day.counted_sites}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    >
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart
          data={daily.map((day) => ({ date: dayLabel(day.date), sites: day.active_sites, counted: day.counted_sites }))}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={AXIS} minTickGap={16} />
          <YAxis tick={AXIS} width={40} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Area dataKey="sites" name="All sites" stroke={COLOURS.sites} fill={COLOURS.sites} fillOpacity={0.15} strokeWidth={2} type="stepAfter" />
          <Area dataKey="counted" name="Using a seat" stroke={COLOURS.counted} fill="none" strokeDasharray="5 4" strokeWidth={2} type="stepAfter" />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function DailyTable({ rows, heading }: { rows: Array<[string, number]>; heading: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Day</TableHead>
          <TableHead>{heading}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([date, value]) => (
          <TableRow key={date}>
            <TableCell>{date}</TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const percent = (part: number, whole: number): string => `${whole ? Math.round((part / whole) * 100) : 0}%`;

function ShareBars({ shares, label }: { shares: Share[]; label: string }) {
  return (
    <ResponsiveContainer width="100%" height={36 + shares.length * 30}>
      <BarChart layout="vertical" data={shares} margin={{ top: 0, right: 16, bottom: 0, left: 0 }} aria-label={label}>
        <XAxis type="number" tick={AXIS} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={AXIS} width={72} />
        <Tooltip />
        <Bar dataKey="sites" name="Sites" fill={COLOURS.share} radius={[0, 3, 3, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function ShareTable({ shares, total }: { shares: Share[]; total: number }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Sites</TableHead>
          <TableHead>Share</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {shares.map((share) => (
          <TableRow key={share.label}>
            <TableCell>{share.label}</TableCell>
            <TableCell>{share.sites}</TableCell>
            <TableCell>{percent(share.sites, total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const shareSummary = (shares: Share[], total: number): string =>
  shares
    .slice(0, 4)
    .map((share) => `${share.label} ${percent(share.sites, total)}`)
    .join(', ') + (shares.length > 4 ? ', …' : '');

function VersionShare({ id, title, description, shares, total }: { id: string; title: string; description: string; shares: Share[]; total: number }) {
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

function PluginVersions({ analytics }: { analytics: Analytics }) {
  const { plugin_versions: plugins, sites } = analytics.shares;
  return (
    <ChartCard
      id="plugin-versions"
      title="Plugin versions"
      description="Sites per installed plugin version, as the sites report it. Unknown: never reported."
      summary={
        plugins
          .map(
            (plugin) =>
              `${plugin.plugin_name}: ${shareSummary(
                plugin.versions,
                plugin.versions.reduce((n, s) => n + s.sites, 0),
              )}`,
          )
          .join('. ') + '.'
      }
      empty={sites === 0 && 'No sites yet'}
      table={plugins.map((plugin) => (
        <div key={plugin.plugin_slug} className="mb-3">
          <p className="font-medium">{plugin.plugin_name}</p>
          <ShareTable shares={plugin.versions} total={plugin.versions.reduce((n, s) => n + s.sites, 0)} />
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
    </div>
  );
}
