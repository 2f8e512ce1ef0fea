import { useState, type FormEvent } from 'react';
import { DEFAULT_ORDER_TOTAL, DEFAULT_TEST_POSTCODE, formatPence } from '@common/postcode';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useTestPostcode } from '../api/test-postcode';
import { toastFailure, toastTestingComplete, usePostcodeRunnerBusy } from './runner';

export function SingleTestTab() {
  const [postcode, setPostcode] = useState(DEFAULT_TEST_POSTCODE);
  const [orderTotal, setOrderTotal] = useState(String(DEFAULT_ORDER_TOTAL));
  const [deliveryDate, setDeliveryDate] = useState('');
  const test = useTestPostcode();
  const isBusy = usePostcodeRunnerBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startedAt = performance.now();
    test.mutate(
      { postcode, order_total: Number(orderTotal), ...(deliveryDate ? { delivery_date: deliveryDate } : {}) },
      {
        onSuccess: (response) => toastTestingComplete(1, startedAt, response.data.test_result.delivery_allowed ? 'delivery allowed' : 'delivery not allowed'),
        onError: (error) => toastFailure('Failed to test postcode', error),
      },
    );
  };

  const result = test.data?.data;
  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <div className="space-y-2">
          <Label htmlFor="single-postcode">Postcode</Label>
          <Input id="single-postcode" value={postcode} onChange={(e) => setPostcode(e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="single-order-total">Order total (£)</Label>
          <Input id="single-order-total" type="number" min="0" step="0.01" value={orderTotal} onChange={(e) => setOrderTotal(e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="single-delivery-date">Delivery date (optional)</Label>
          <Input id="single-delivery-date" type="date" value={deliveryDate} onChange={(e) => setDeliveryDate(e.target.value)} />
        </div>
        <Button type="submit" disabled={isBusy}>
          {test.isPending && <Spinner className="size-4 text-current" label="Testing" />}
          Test Postcode
        </Button>
      </form>

      {!result && !test.isPending && <p className="text-sm text-muted-foreground">No results yet</p>}
      {result && (
        <div className="space-y-4" data-testid="single-result">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-lg">{result.test_result.normalized_data?.normalized ?? result.test_result.postcode}</span>
            <Badge variant={result.test_result.is_valid ? 'secondary' : 'destructive'}>{result.test_result.is_valid ? 'Valid' : 'Invalid'}</Badge>
            <Badge variant={result.test_result.delivery_allowed ? 'success' : 'destructive'}>
              {result.test_result.delivery_allowed ? 'Delivery allowed' : 'Delivery not allowed'}
            </Badge>
            {result.pricing_result.is_free_delivery && <Badge variant="success">Free delivery</Badge>}
            <span className="text-sm text-muted-foreground">{result.test_result.execution_time_ms} ms</span>
          </div>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Amount label="Base cost" pence={result.pricing_result.base_cost} />
            <Amount label="Surcharge" pence={result.pricing_result.surcharge} />
            <Amount label="Total" pence={result.pricing_result.total_cost} testId="single-total" />
            <div>
              <dt className="text-sm text-muted-foreground">Pricing source</dt>
              <dd className="font-medium">{result.pricing_result.pricing_source.replaceAll('_', ' ')}</dd>
            </div>
          </dl>
          <p className="text-sm">
            Best match:{' '}
            {result.test_result.best_match.matched_value
              ? `${result.test_result.best_match.type} rule at ${result.test_result.best_match.matched_type} level (${result.test_result.best_match.matched_value})`
              : 'no rule'}
          </p>
          {result.test_result.variations.length > 0 && (
            <HeadedTable headings={['Variation', 'Value', 'Priority']}>
              {result.test_result.variations.map((variation) => (
                <TableRow key={variation.type}>
                  <TableCell>{variation.type}</TableCell>
                  <TableCell className="font-mono">{variation.value}</TableCell>
                  <TableCell>{variation.priority}</TableCell>
                </TableRow>
              ))}
            </HeadedTable>
          )}
        </div>
      )}
    </div>
  );
}

function Amount({ label, pence, testId }: { label: string; pence: number; testId?: string }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold" data-testid={testId}>
        {formatPence(pence)}
      </dd>
    </div>
  );
}
