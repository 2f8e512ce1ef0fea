// The dashboard's charts per day: revenue and orders, new licences, active sites.
import { useState } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '@common/dashboard';
import { formatMoney } from '@common/pricing';
import type { OrderKind } from '@common/prices';
import { Button } from '@/components/ui/button';
import { AXIS, COLOURS, ChartCard, DAILY_MARGIN, FigureTable, dayLabel, plural } from './chart-card';

export function RevenueChart({ analytics }: { analytics: Analytics }) {
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
        <FigureTable
          headings={['Day', 'Orders', ...currencies.map((c) => `Revenue ${c}`), 'Refunded']}
          rows={daily.map((day) => [day.date, day.orders, ...currencies.map((c) => formatMoney(day.revenue[c] ?? 0, c)), day.refunded_orders])}
        />
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
        <ComposedChart data={data} margin={{ ...DAILY_MARGIN, right: 0 }}>
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

export function LicensesChart({ analytics }: { analytics: Analytics }) {
  const { daily, totals, days } = analytics;
  return (
    <ChartCard
      id="licences"
      title="New licences per day"
      description="Licences created, bought or made by hand."
      summary={`Last ${days} days: ${plural(totals.new_licences, 'new licence')}.`}
      empty={totals.new_licences === 0 && 'No new licences yet'}
      table={<FigureTable headings={['Day', 'New licences']} rows={daily.map((day) => [day.date, day.new_licences])} />}
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={daily.map((day) => ({ date: dayLabel(day.date), licenses: day.new_licences }))} margin={DAILY_MARGIN}>
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

export function SitesChart({ analytics }: { analytics: Analytics }) {
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
      table={<FigureTable headings={['Day', 'Active sites', 'Using a seat']} rows={daily.map((day) => [day.date, day.active_sites, day.counted_sites])} />}
    >
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart data={daily.map((day) => ({ date: dayLabel(day.date), sites: day.active_sites, counted: day.counted_sites }))} margin={DAILY_MARGIN}>
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
