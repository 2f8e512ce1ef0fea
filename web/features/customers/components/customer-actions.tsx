import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CustomerDetail } from '@common/customers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useChangeCustomerEmail } from '../api/change-customer-email';
import { useEraseCustomer } from '../api/erase-customer';
import { downloadCustomerExport } from '../api/export-customer';
import { useSendCustomerSignInLink } from '../api/send-customer-sign-in-link';
import { ConfirmDialog } from '@/components/confirm-dialog';

type Open = 'sign-in' | 'email' | 'erase' | null;

/** The id of the customer a 409 names as already using the address (`details.merge_with`), if any. */
const mergeTarget = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const id = (JSON.parse(error.body) as { details?: { merge_with?: unknown } }).details?.merge_with;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
};

/** Send sign-in link, change e-mail (or merge), export and erase: each confirmed in a dialog first. */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const [email, setEmail] = useState('');
  const [mergeWith, setMergeWith] = useState<number | null>(null);
  const [keepLicenses, setKeepLicenses] = useState(false);
  const signIn = useSendCustomerSignInLink();
  const change = useChangeCustomerEmail();
  const erase = useEraseCustomer();
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  const close = () => {
    setOpen(null);
    setEmail('');
    setMergeWith(null);
  };

  const submitEmail = () =>
    change.mutate(
      { id: customer.id, email, merge: mergeWith !== null },
      {
        onSuccess: (result) => {
          toast({ title: mergeWith !== null ? 'Customers Merged' : 'E-mail Changed', description: result.message });
          close();
          if (result.customer_id !== null && result.customer_id !== customer.id) navigate(`/customers/${result.customer_id}`);
        },
        onError: (error) => {
          const other = mergeTarget(error);
          if (other !== null) setMergeWith(other);
          else failed('Failed to change the e-mail')(error);
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setOpen('sign-in')}>
        Send sign-in link
      </Button>
      <Button variant="outline" onClick={() => setOpen('email')}>
        Change e-mail
      </Button>
      <Button variant="outline" onClick={() => void downloadCustomerExport(customer.id).catch(failed('Failed to export the customer'))}>
        Export JSON
      </Button>
      <Button variant="destructive" onClick={() => setOpen('erase')}>
        Erase customer
      </Button>

      <ConfirmDialog
        open={open === 'sign-in'}
        onOpenChange={(value) => !value && close()}
        title="Send Sign-in Link"
        description={<>E-mail a one-time sign-in link for their account to {customer.email}?</>}
        confirmLabel="Send"
        pendingLabel="Sending..."
        pending={signIn.isPending}
        onConfirm={() =>
          signIn.mutate(customer.id, {
            onSuccess: (result) => {
              toast({ title: 'Sign-in Link Sent', description: result.message });
              close();
            },
            onError: failed('Failed to send the sign-in link'),
          })
        }
      />
      <ConfirmDialog
        open={open === 'email'}
        onOpenChange={(value) => !value && close()}
        title={mergeWith !== null ? 'Merge Customers' : 'Change E-mail'}
        description={
          mergeWith !== null ? (
            <>
              {email.trim()} already belongs to another customer. Merge {customer.email} into that customer? Orders, licences and the note move there; both
              addresses are told.
            </>
          ) : (
            <>Orders and licences of {customer.email} move to the new address; both addresses get an e-mail. Their current sign-ins end.</>
          )
        }
        confirmLabel={mergeWith !== null ? 'Merge' : 'Change e-mail'}
        pendingLabel={mergeWith !== null ? 'Merging...' : 'Changing...'}
        pending={change.isPending}
        disabled={email.trim() === ''}
        onConfirm={submitEmail}
      >
        <div className="space-y-1">
          <Label htmlFor="customer-new-email">New e-mail</Label>
          <Input
            id="customer-new-email"
            type="email"
            value={email}
            maxLength={254}
            onChange={(event) => {
              setEmail(event.target.value);
              setMergeWith(null);
            }}
          />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'erase'}
        onOpenChange={(value) => !value && close()}
        title="Erase Customer"
        description={
          <>
            Erase everything personal about {customer.email}? Orders keep their amounts and dates under an anonymous address; e-mails to them are emptied; the
            name and note are deleted. This cannot be undone.
          </>
        }
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        pending={erase.isPending}
        destructive
        onConfirm={() =>
          erase.mutate(
            { id: customer.id, licenses: keepLicenses ? 'keep' : 'revoke' },
            {
              onSuccess: () => {
                toast({ title: 'Customer Erased', description: customer.email });
                close();
                navigate('/customers');
              },
              onError: failed('Failed to erase the customer'),
            },
          )
        }
      >
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={keepLicenses} onChange={(event) => setKeepLicenses(event.target.checked)} />
          Keep their licences working (otherwise they are revoked)
        </label>
      </ConfirmDialog>
    </div>
  );
}
