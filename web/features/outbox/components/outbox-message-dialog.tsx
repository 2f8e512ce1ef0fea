import { SIGN_IN_LINK_TTL_MINUTES } from '@common/account';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { useOutboxMessage } from '../api/get-outbox-message';
import { kindLabel, statusHint, statusVariant } from './outbox-labels';

/** One message as it was sent, its sign-in and download links masked; the HTML version is drawn in a sandbox (no scripts). */
export function OutboxMessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const email = message.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{email ? email.subject || '(not written yet)' : `E-mail #${id}`}</DialogTitle>
          <DialogDescription>Links that sign in or download are masked here; Resend sends the original to the recipient.</DialogDescription>
        </DialogHeader>
        {message.isPending && <Skeleton className="h-40 w-full" />}
        {message.isError && <p className="text-sm text-destructive">Failed to load the e-mail. Please try again.</p>}
        {email && (
          <article className="space-y-3" data-testid="outbox-message-body">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">To</dt>
              <dd className="break-all">{email.to}</dd>
              <dt className="text-muted-foreground">Kind</dt>
              <dd>{kindLabel(email.kind)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <Badge variant={statusVariant(email.status)}>{email.status}</Badge>
                <span className="text-muted-foreground">{statusHint(email.status)}</span>
              </dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDateTime(email.created_at)}</dd>
              <dt className="text-muted-foreground">{email.status === 'outbox' ? 'Kept' : 'Sent'}</dt>
              <dd>{email.sent_at ? formatDateTime(email.sent_at) : 'Not yet'}</dd>
              <dt className="text-muted-foreground">Attempts</dt>
              <dd>{email.attempts}</dd>
              {email.last_error && (
                <>
                  <dt className="text-muted-foreground">Last error</dt>
                  <dd className="break-all text-destructive">{email.last_error}</dd>
                </>
              )}
            </dl>
            {email.kind === 'sign_in' && (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
                A sign-in link works once, for {SIGN_IN_LINK_TTL_MINUTES} minutes. To give the customer a fresh one, use Send sign-in link on their licence
                (Licenses).
              </p>
            )}
            <p className="text-xs text-muted-foreground" data-testid="outbox-links-note">
              {email.links_masked
                ? 'Payments are live: sign-in and download links are masked here.'
                : 'Test mode: links are shown in full so you can follow your buyer’s path. Once payments are live they are masked.'}
            </p>
            <pre className="whitespace-pre-wrap break-all rounded bg-muted p-3 text-xs" data-testid="outbox-message-text">
              {email.text || '(This message is written when it is sent.)'}
            </pre>
            {email.html && (
              <details className="text-sm">
                <summary className="cursor-pointer text-muted-foreground">Show the HTML version</summary>
                <iframe title="HTML version of the e-mail" sandbox="" srcDoc={email.html} className="mt-2 h-96 w-full rounded border bg-white" />
              </details>
            )}
          </article>
        )}
      </DialogContent>
    </Dialog>
  );
}
