import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** A column heading: its text, or its text with the column's class (`{}` for an empty heading). */
export type Heading = string | { label?: ReactNode; className?: string };

/** The heading of an actions column that stays in view while the table scrolls sideways. */
export const STICKY_ACTIONS: Heading = { label: 'Actions', className: 'sticky right-0 bg-card text-right' };

/** A table with one row of headings (a missing one, `false` or `undefined`, is left out); its rows are the children. */
export function HeadedTable({ headings, children, ...props }: ComponentProps<'table'> & { headings: Array<Heading | false | null | undefined> }) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {headings
            .filter((heading): heading is Heading => Boolean(heading))
            .map((heading, index) =>
              typeof heading === 'string' ? (
                <TableHead key={index}>{heading}</TableHead>
              ) : (
                <TableHead key={index} className={heading.className}>
                  {heading.label}
                </TableHead>
              ),
            )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
