import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useRunPrecedenceTests } from '../api/precedence';
import { runSuite, usePostcodeRunnerBusy } from './runner';
import { PassBadge, SuiteSummary } from './suite-summary';

export function PrecedenceTab() {
  const suite = useRunPrecedenceTests();
  const isBusy = usePostcodeRunnerBusy();
  const run = () => runSuite(suite);
  const data = suite.data?.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Precedence: full postcode, then sector, then area. At the deciding level a blacklist entry beats a delivery rule.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={run} disabled={isBusy}>
          {suite.isPending && <Spinner className="size-4 text-current" label="Testing" />}
          Run Precedence Tests
        </Button>
        {data && <SuiteSummary total={data.total_tests} passed={data.passed} failed={data.failed} passRate={data.pass_rate} />}
      </div>
      {!data && !suite.isPending && <p className="text-sm text-muted-foreground">No results yet</p>}
      {data && (
        <HeadedTable data-testid="precedence-results" headings={['Test', 'Decided by', 'Applicable rules', 'Result']}>
          {data.results.map((row) => (
            <TableRow key={row.name}>
              <TableCell>
                <div className="font-medium">{row.name}</div>
                <div className="text-xs text-muted-foreground">{row.description}</div>
              </TableCell>
              <TableCell className="text-xs">
                {row.best_match.matched_value ? `${row.best_match.type} ${row.best_match.matched_type} ${row.best_match.matched_value}` : 'no rule'}
              </TableCell>
              <TableCell className="text-xs">{row.all_applicable_rules.map((rule) => `${rule.kind} ${rule.value}`).join(', ') || 'none'}</TableCell>
              <TableCell>
                <PassBadge isPass={row.precedence_correct} />
              </TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </div>
  );
}
