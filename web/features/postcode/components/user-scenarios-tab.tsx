import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useRunUserScenarios } from '../api/user-scenarios';
import { runSuite, usePostcodeRunnerBusy } from './runner';
import { PassBadge, SuiteSummary } from './suite-summary';

export function UserScenariosTab() {
  const suite = useRunUserScenarios();
  const isBusy = usePostcodeRunnerBusy();
  const run = () => runSuite(suite);
  const data = suite.data?.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={run} disabled={isBusy}>
          {suite.isPending && <Spinner className="size-4 text-current" label="Testing" />}
          Run User Scenarios
        </Button>
        {data && <SuiteSummary total={data.total_tests} passed={data.passed} failed={data.failed} passRate={data.pass_rate} />}
      </div>
      {!data && !suite.isPending && <p className="text-sm text-muted-foreground">No results yet</p>}
      {data && (
        <HeadedTable data-testid="user-scenario-results" headings={['Postcode', 'Scenario', 'Expected', 'Actual', 'Result']}>
          {data.results.map((row, position) => (
            <TableRow key={position}>
              <TableCell className="font-mono">{row.postcode}</TableCell>
              <TableCell>
                {row.description}
                <div className="text-xs text-muted-foreground">
                  £{row.order_total}
                  {row.delivery_date ? `, ${row.delivery_date}` : ''}
                </div>
              </TableCell>
              <TableCell className="text-xs">{row.formatted_expected}</TableCell>
              <TableCell className="text-xs">{row.formatted_actual}</TableCell>
              <TableCell>
                <PassBadge isPass={row.expected_match} />
              </TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </div>
  );
}
