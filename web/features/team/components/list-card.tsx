import type { ReactNode } from 'react';
import { HeadedTable, type Heading } from '@/components/headed-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A team card: its heading, what it is for, what comes before the list (a form), and the list as a table. */
export function ListCard(props: { title: string; description?: ReactNode; headings: Heading[]; before?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{props.title}</h2>
        </CardTitle>
        {props.description && <CardDescription>{props.description}</CardDescription>}
      </CardHeader>
      <CardContent className={props.before ? 'space-y-4' : undefined}>
        {props.before}
        <HeadedTable headings={props.headings}>{props.children}</HeadedTable>
      </CardContent>
    </Card>
  );
}
