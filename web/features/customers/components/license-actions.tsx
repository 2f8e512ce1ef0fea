import { useState } from 'react';
import type { CustomerDetail } from '@common/customers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useResendCustomerLicenseEmail } from '../api/resend-customer-license-email';
import { useTransferCustomerLicense } from '../api/transfer-customer-license';
import { ConfirmDialog } from '@/components/confirm-dialog';

type License = CustomerDetail['licenses'][number];

/** Transfer (to another e-mail; the key stays) and Resend e-mail, for one licence of the customer; both confirmed. */
export function LicenseActions({ customerId, license }: { customerId: number; license: License }) {
  const [open, setOpen] = useState<'transfer' | 'resend' | null>(null);
  const [email, setEmail] = useState('');
  const transfer = useTransferCustomerLicense();
  const resend = useResendCustomerLicenseEmail();
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  const close = () => {
    setOpen(null);
    setEmail('');
  };
  return (
    <>
      {/* A licence with a term renews on the public renewal page (issue 26), which the admin may open or send the buyer. */}
      {license.expires_at !== null && license.status !== 'revoked' && (
        <Button variant="outline" size="sm" asChild>
          <a href={`/renew?key=${encodeURIComponent(license.key)}`} target="_blank" rel="noreferrer" aria-label={`Renew ${license.key}`}>
            Renew
          </a>
        </Button>
      )}
      {license.status !== 'revoked' && (
        <Button variant="outline" size="sm" onClick={() => setOpen('transfer')} aria-label={`Transfer ${license.key}`}>
          Transfer
        </Button>
      )}
      {license.order_id !== null && license.status !== 'revoked' && (
        <Button variant="outline" size="sm" onClick={() => setOpen('resend')} aria-label={`Resend licence e-mail for ${license.key}`}>
          Resend e-mail
        </Button>
      )}
      <ConfirmDialog
        open={open === 'transfer'}
        onOpenChange={(value) => !value && close()}
        title="Transfer Licence"
        description={<>Give {license.key} to another e-mail address? The key stays the same; it leaves this customer's account; both are told.</>}
        confirmLabel="Transfer"
        pendingLabel="Transferring..."
        pending={transfer.isPending}
        disabled={email.trim() === ''}
        onConfirm={() =>
          transfer.mutate(
            { id: customerId, licenseId: license.id, email },
            {
              onSuccess: (result) => {
                toast({ title: 'Licence Transferred', description: result.message });
                close();
              },
              onError: failed('Failed to transfer the licence'),
            },
          )
        }
      >
        <div className="space-y-1">
          <Label htmlFor={`transfer-${license.id}`}>New owner's e-mail</Label>
          <Input id={`transfer-${license.id}`} type="email" value={email} maxLength={254} onChange={(event) => setEmail(event.target.value)} />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'resend'}
        onOpenChange={(value) => !value && close()}
        title="Resend Licence E-mail"
        description={<>Send the licence e-mail for {license.key} to the customer again, with a fresh download link?</>}
        confirmLabel="Send"
        pendingLabel="Sending..."
        pending={resend.isPending}
        onConfirm={() =>
          resend.mutate(
            { id: customerId, licenseId: license.id },
            {
              onSuccess: (result) => {
                toast({ title: 'Licence E-mail Sent', description: result.message });
                close();
              },
              onError: failed('Failed to resend the licence e-mail'),
            },
          )
        }
      />
    </>
  );
}
