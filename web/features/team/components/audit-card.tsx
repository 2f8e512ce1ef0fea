import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAudit, useVerifyAudit } from '../api/audit';

const brief = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value).slice(0, 160));

/** The audit log (docs/team.md): search, verify the chain, export CSV. */
export function AuditCard() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data } = useAudit(q, page);
  const verify = useVerifyAudit();
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / 50));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Audit log</h2>
        </CardTitle>
        <CardDescription>
          Every change made in the admin or with an API key, kept {data?.retention_days ?? 365} days. Each entry is chained to the one before it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label="Search the audit log"
            placeholder="Search: route, person, value…"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
            className="w-72"
          />
          <Button variant="outline" onClick={() => verify.mutate()}>
            Verify chain
          </Button>
          <Button variant="outline" asChild>
            <a href={`/api/admin/audit/export?${new URLSearchParams(q ? { q } : {})}`}>Export CSV</a>
          </Button>
          {verify.data && (
            <span className="text-sm" data-testid="audit-verify">
              {verify.data.valid ? `Intact: ${verify.data.checked} entries checked` : verify.data.problem}
            </span>
          )}
        </div>
        <HeadedTable headings={['When (UTC)', 'Who', 'Change', 'Before', 'After']}>
          {(data?.entries ?? []).map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">{entry.at.replace('T', ' ').slice(0, 19)}</TableCell>
              <TableCell>
                {entry.actor}
                <div className="text-xs text-muted-foreground">{entry.ip}</div>
              </TableCell>
              <TableCell className="font-mono text-xs">
                {entry.method} {entry.url} → {entry.status}
              </TableCell>
              <TableCell className="max-w-64 truncate font-mono text-xs">{brief(entry.before)}</TableCell>
              <TableCell className="max-w-64 truncate font-mono text-xs">{brief(entry.after)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
        <div className="flex items-center gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          Page {page} of {pages}
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
