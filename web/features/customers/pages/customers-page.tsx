import { useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { CustomerSort } from '@common/customers';
import { Pager } from '@/components/pager';
import { Card, CardContent } from '@/components/ui/card';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { useCursorPages } from '@/lib/cursor-pages';
import { useCustomers } from '../api/get-customers';
import { formatTotalPaid } from '../components/customer-money';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/list-filters';

const COLUMNS: Array<{ sort: CustomerSort; label: string; numeric?: boolean }> = [
  { sort: 'email', label: 'Customer' },
  { sort: 'first_purchase_at', label: 'First purchase' },
  { sort: 'last_purchase_at', label: 'Last purchase' },
  { sort: 'order_count', label: 'Orders', numeric: true },
  { sort: 'license_count', label: 'Licences', numeric: true },
  { sort: 'total_paid', label: 'Total paid', numeric: true },
];

/**
 * Customers (issue 27, beyond the specification): every buyer, an e-mail address compared case-insensitively, with
 * their purchases; searched by e-mail, name, any part of a licence key or an order number; sorted and paged on the
 * server. A row opens the customer's page.
 */
export function CustomersPage() {
  usePageMeta('Customers');
  // The page shown and, for the one after or before it, its keyset cursor (as cheap deep in a big shop).
  const { at, setPage, onPage } = useCursorPages();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CustomerSort>('last_purchase_at');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const customers = useCustomers({ ...at, search: useDeferredValue(search), sort, direction });
  const list = customers.data;

  const sortBy = (column: CustomerSort) => {
    if (column === sort) setDirection((current) => (current === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(column);
      setDirection(column === 'email' || column === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Customers"
        description="Everyone who bought or holds a licence, one per e-mail address (capitals do not matter). Open a customer for their orders, licences, sites, e-mails and history."
      />
      <SearchBox
        className="relative"
        type="search"
        label="Search customers"
        placeholder="Search by e-mail, name, licence key or order number..."
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
        maxLength={200}
      />
      <Card>
        <CardContent className="space-y-4 pt-6">
          {customers.isPending && <RowsSkeleton />}
          {customers.isError && <p className="text-destructive">Failed to load customers. Please try again.</p>}
          {list?.customers.length === 0 && (
            <p className="text-muted-foreground">
              {search.trim() ? `No customers found matching "${search.trim()}"` : 'No customers yet. Buyers appear here after their first purchase.'}
            </p>
          )}
          {list && list.customers.length > 0 && (
            <>
              <Table>
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead
                        key={column.sort}
                        className={column.numeric ? 'text-right' : undefined}
                        aria-sort={sort === column.sort ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                      >
                        <button type="button" className="inline-flex items-center gap-1 font-medium" onClick={() => sortBy(column.sort)}>
                          {column.label}
                          {sort === column.sort &&
                            (direction === 'asc' ? <ArrowUp className="size-3" aria-hidden="true" /> : <ArrowDown className="size-3" aria-hidden="true" />)}
                        </button>
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.customers.map((customer) => (
                    <TableRow key={customer.id} data-testid="customer-row" data-email={customer.email}>
                      <TableCell className="min-w-48 max-w-72 [overflow-wrap:anywhere]">
                        <Link href={`/customers/${customer.id}`} className="font-medium underline-offset-4 hover:underline">
                          {customer.email}
                        </Link>
                        {customer.name && <div className="text-xs text-muted-foreground">{customer.name}</div>}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{customer.first_purchase_at ? formatDate(customer.first_purchase_at) : '—'}</TableCell>
                      <TableCell className="whitespace-nowrap">{customer.last_purchase_at ? formatDate(customer.last_purchase_at) : '—'}</TableCell>
                      <TableCell className="text-right">{customer.order_count}</TableCell>
                      <TableCell className="text-right">{customer.license_count}</TableCell>
                      <TableCell className="text-right whitespace-nowrap">{formatTotalPaid(customer.total_paid, customer.currency)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Pager label="Customer pages" testId="customers-range" list={list} shown={list.customers.length} onPage={onPage(list)} />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
