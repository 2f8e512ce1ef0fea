import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrderEmails } from '../api/get-order-emails';
import { formatDateTime } from '@/lib/dates';

/** The licence e-mail(s) of one order, as the outbox holds them (text version). */
export function OrderEmailDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const emails = useOrderEmails(orderId);
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>E-mail for order #{orderId}</DialogTitle>
          <DialogDescription>Messages kept in the outbox for this order, newest first.</DialogDescription>
        </DialogHeader>
        {emails.isPending && <Skeleton className="h-40 w-full" />}
        {emails.isError && <p className="text-sm text-destructive">Failed to load e-mails</p>}
        {emails.data?.length === 0 && <p className="text-sm text-muted-foreground">No e-mail has been sent for this order.</p>}
        {emails.data?.map((email) => (
          <article key={email.id} className="space-y-2 rounded-md border p-3" data-testid="outbox-message">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{email.subject || '(not rendered yet)'}</span>
              <Badge variant={email.status === 'failed' ? 'destructive' : 'secondary'}>{email.status}</Badge>
            </div>
            <div className="text-xs text-muted-foreground">
              To {email.to} · {formatDateTime(email.created_at)} · {email.attempts} attempt(s)
              {email.last_error ? ` · ${email.last_error}` : ''}
            </div>
            <pre className="whitespace-pre-wrap break-all rounded bg-muted p-3 text-xs">{email.text}</pre>
          </article>
        ))}
      </DialogContent>
    </Dialog>
  );
}
