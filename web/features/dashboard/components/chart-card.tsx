// The pieces every dashboard chart shares (analytics-charts.tsx's chunk, with recharts): the card, the table behind
// "Show as table", the horizontal share bars and the texts.
import type { ReactNode } from 'react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Share } from '@common/dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';

// Tailwind 600 shades: at least 4.5:1 against white, told apart by shape too (bars, solid and dashed lines).
export const COLOURS = { revenue: '#2563eb', orders: '#c2410c', licenses: '#7c3aed', sites: '#047857', counted: '#0f766e', share: '#2563eb' };
export const AXIS = { fontSize: 12, stroke: '#6b7280' };
export const DAILY_MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

export const dayLabel = (date: string): string =>
  new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
export const percent = (part: number, whole: number): string => `${whole ? Math.round((part / whole) * 100) : 0}%`;

/** The first four entries with their shares, "…" when there are more. */
export const firstFour = <T,>(entries: T[], text: (entry: T) => string): string => entries.slice(0, 4).map(text).join(', ') + (entries.length > 4 ? ', …' : '');
export const shareSummary = (shares: Share[], total: number): string => firstFour(shares, (share) => `${share.label} ${percent(share.sites, total)}`);

/**
 * A chart: a figure with a title, a one-line summary (its accessible name) and the same figures as a table behind
 * "Show as table"; an empty window shows a short message instead of an empty chart.
 */
export function ChartCard({
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

/** A chart's figures as a table: the headings, then a row of cells per entry (its first cell is its key). */
export function FigureTable({ headings, rows }: { headings: string[]; rows: Array<[string, ...ReactNode[]]> }) {
  return (
    <HeadedTable headings={headings}>
      {rows.map((cells) => (
        <TableRow key={cells[0]}>
          {cells.map((cell, index) => (
            <TableCell key={index}>{cell}</TableCell>
          ))}
        </TableRow>
      ))}
    </HeadedTable>
  );
}

/** Shares as a table: label, sites and share of the total. */
export function ShareTable({ shares, total, heading = 'Version' }: { shares: Share[]; total: number; heading?: string }) {
  return <FigureTable headings={[heading, 'Sites', 'Share']} rows={shares.map((share) => [share.label, share.sites, percent(share.sites, total)])} />;
}

/** Shares as horizontal bars, one a label. */
export function ShareBars({ shares, label, width = 72, fill = COLOURS.share }: { shares: Share[]; label: string; width?: number; fill?: string }) {
  return (
    <ResponsiveContainer width="100%" height={36 + shares.length * 30}>
      <BarChart layout="vertical" data={shares} margin={{ top: 0, right: 16, bottom: 0, left: 0 }} aria-label={label}>
        <XAxis type="number" tick={AXIS} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={AXIS} width={width} />
        <Tooltip />
        <Bar dataKey="sites" name="Sites" fill={fill} radius={[0, 3, 3, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
