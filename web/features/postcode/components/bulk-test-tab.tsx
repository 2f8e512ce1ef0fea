import { useState } from 'react';
import { DEFAULT_ORDER_TOTAL, SAMPLE_BULK_POSTCODES } from '@common/postcode';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { useTestPostcodesInBulk } from '../api/test-bulk';
import { toastFailure, toastTestingComplete, usePostcodeRunnerBusy } from './runner';

export function BulkTestTab() {
  const [postcodes, setPostcodes] = useState(SAMPLE_BULK_POSTCODES.join('\n'));
  const [orderTotal, setOrderTotal] = useState(String(DEFAULT_ORDER_TOTAL));
  const bulk = useTestPostcodesInBulk();
  const isBusy = usePostcodeRunnerBusy();

  const run = () => {
    const list = postcodes
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean);
    const startedAt = performance.now();
    bulk.mutate(
      { postcodes: list, order_total: Number(orderTotal) },
      {
        onSuccess: ({ data }) => {
          const allowed = data.results.filter((row) => row.delivery_allowed).length;
          toastTestingComplete(data.total_tested, startedAt, `delivery allowed for ${allowed} of ${data.total_tested}`);
        },
        onError: (error) => toastFailure('Failed to test postcodes', error),
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr] sm:items-end">
        <div className="space-y-2">
          <Label htmlFor="bulk-postcodes">Postcodes (one per line)</Label>
          <Textarea id="bulk-postcodes" rows={8} className="font-mono" value={postcodes} onChange={(e) => setPostcodes(e.target.value)} />
        </div>
        <div className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="bulk-order-total">Order total (£)</Label>
            <Input id="bulk-order-total" type="number" min="0" step="0.01" value={orderTotal} onChange={(e) => setOrderTotal(e.target.value)} />
          </div>
          <Button onClick={run} disabled={isBusy} className="w-full">
            {bulk.isPending && <Spinner className="size-4 text-current" label="Testing" />}
            Run Bulk Test
          </Button>
        </div>
      </div>

      {!bulk.data && !bulk.isPending && <p className="text-sm text-muted-foreground">No results yet</p>}
      {bulk.data && (
        <HeadedTable data-testid="bulk-results" headings={['Postcode', 'Delivery', 'Base', 'Surcharge', 'Total', 'Source']}>
          {bulk.data.data.results.map((row, position) => (
            <TableRow key={`${row.postcode}-${position}`}>
              <TableCell className="font-mono">{row.postcode}</TableCell>
              <TableCell>
                <Badge variant={row.delivery_allowed ? 'success' : 'destructive'}>{row.delivery_allowed ? 'Allowed' : 'Not allowed'}</Badge>
              </TableCell>
              <TableCell>{row.formatted_pricing.base_cost}</TableCell>
              <TableCell>{row.formatted_pricing.surcharge}</TableCell>
              <TableCell>{row.formatted_pricing.total_cost}</TableCell>
              <TableCell>{row.pricing_result.pricing_source.replaceAll('_', ' ')}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
    </div>
  );
}
