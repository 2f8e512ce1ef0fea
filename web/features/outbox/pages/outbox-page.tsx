import { useDeferredValue, useState } from 'react';
import { Eye, Send } from 'lucide-react';
import { EMAIL_STATUSES } from '@common/orders';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/pager';
import { Card, CardContent } from '@/components/ui/card';
import { OptionSelect, toOptions } from '@/components/option-select';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { HeadedTable, STICKY_ACTIONS } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { useCursorPages } from '@/lib/cursor-pages';
import { toast } from '@/lib/use-toast';
import { useOutbox } from '../api/get-outbox';
import { useResendOutboxMessage } from '../api/resend-outbox-message';
import { kindLabel, statusHint, statusVariant } from '../components/outbox-labels';
import { OutboxMessageDialog } from '../components/outbox-message-dialog';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/list-filters';

const ALL = 'all';

/**
 * Outbox (beyond the specification): every e-mail the shop sends, so a customer can be helped without SMTP (a
 * sign-in link, a licence e-mail). Server-paginated, filtered by kind, status and recipient; bodies are read with
 * their sign-in and download tokens masked, and Resend sends the stored original to the recipient.
 */
export function OutboxPage() {
  usePageMeta('Outbox');
  // The page shown and, for the one after or before it, its keyset cursor (as cheap deep in a big shop).
  const { at, setPage, onPage } = useCursorPages();
  const [kind, setKind] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [search, setSearch] = useState('');
  const outbox = useOutbox({ ...at, kind: kind === ALL ? null : kind, status: status === ALL ? null : status, search: useDeferredValue(search) });
  const resend = useResendOutboxMessage();
  const [viewing, setViewing] = useState<number | null>(null);
  const list = outbox.data;
  const filtered = kind !== ALL || status !== ALL || search.trim() !== '';

  // Any filter change starts again at the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const onResend = (id: number, to: string) =>
    resend.mutate(id, {
      onSuccess: (email) =>
        toast(
          email.status === 'failed'
            ? { title: 'Email Failed', description: email.last_error ?? 'The e-mail could not be sent; it will be retried.', variant: 'destructive' }
            : { title: 'Email Sent', description: `The e-mail to ${to} was ${email.status === 'outbox' ? 'added to the outbox again' : 'sent again'}.` },
        ),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to resend the e-mail'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Outbox"
        description="Every e-mail the shop sends: licence e-mails, sign-in links and the rest, newest first. Without SMTP_URL nothing leaves the server and messages stay here as outbox. Sign-in and download links are masked; Resend sends the original to the recipient."
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox type="search" label="Search by recipient" placeholder="Search by recipient..." value={search} onChange={filter(setSearch)} maxLength={200} />
        <OptionSelect
          ariaLabel="Filter by kind"
          triggerClassName="sm:w-48"
          value={kind}
          onChange={filter(setKind)}
          options={[{ value: ALL, label: 'All kinds' }, ...toOptions(list?.kinds ?? [], kindLabel)]}
        />
        <OptionSelect
          ariaLabel="Filter by status"
          triggerClassName="sm:w-40"
          value={status}
          onChange={filter(setStatus)}
          options={[{ value: ALL, label: 'All statuses' }, ...toOptions(EMAIL_STATUSES)]}
        />
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          {outbox.isPending && <RowsSkeleton />}
          {outbox.isError && <p className="text-destructive">Failed to load the outbox. Please try again.</p>}
          {list?.emails.length === 0 && (
            <p className="text-muted-foreground">
              {filtered ? 'No e-mails match these filters.' : 'No e-mails yet. Licence e-mails and sign-in links appear here.'}
            </p>
          )}
          {list && list.emails.length > 0 && (
            <>
              <HeadedTable headings={['Recipient', 'Subject', 'Kind', 'Status', 'Times', STICKY_ACTIONS]}>
                {list.emails.map((email) => (
                  <TableRow key={email.id} data-testid="outbox-row" data-id={email.id}>
                    <TableCell className="min-w-40 max-w-64 [overflow-wrap:anywhere]">{email.to}</TableCell>
                    <TableCell className="min-w-40 max-w-72">{email.subject || <span className="text-muted-foreground">(written when sent)</span>}</TableCell>
                    <TableCell className="whitespace-nowrap">{kindLabel(email.kind)}</TableCell>
                    <TableCell>
                      <Badge variant={statusVariant(email.status)} title={statusHint(email.status)}>
                        {email.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-xs whitespace-nowrap">
                      <div>Created {formatDateTime(email.created_at)}</div>
                      <div className="text-muted-foreground">
                        {email.sent_at ? `${email.status === 'outbox' ? 'Kept' : 'Sent'} ${formatDateTime(email.sent_at)}` : 'Not sent yet'}
                      </div>
                    </TableCell>
                    <TableCell className="sticky right-0 bg-card text-right whitespace-nowrap">
                      <Button variant="ghost" size="sm" onClick={() => setViewing(email.id)} aria-label={`View e-mail to ${email.to}: ${email.subject}`}>
                        <Eye aria-hidden="true" />
                        View
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onResend(email.id, email.to)}
                        disabled={resend.isPending && resend.variables === email.id}
                        aria-label={`Resend e-mail to ${email.to}: ${email.subject}`}
                      >
                        <Send aria-hidden="true" />
                        {resend.isPending && resend.variables === email.id ? 'Sending...' : 'Resend'}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </HeadedTable>
              <Pager label="Outbox pages" testId="outbox-range" list={list} shown={list.emails.length} onPage={onPage(list)} />
            </>
          )}
        </CardContent>
      </Card>
      <OutboxMessageDialog id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
