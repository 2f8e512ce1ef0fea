import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { TriangleAlert } from 'lucide-react';
import type { ShopAddress } from '@common/settings';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useConfirmShopAddress, useShopAddress } from '../api/shop-address';
import { TextField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';

const emailCount = (count: number) => (count === 1 ? '1 e-mail is' : `${count} e-mails are`);

/**
 * The first-run "Your shop's address" prompt (docs/checkout.md, "Links in e-mails"): pre-filled with the
 * address the server saw this admin use; confirming it is what e-mailed links start with while no Base URL is set.
 */
function ShopAddressDialog({ address, open, onOpenChange }: { address: ShopAddress; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [origin, setOrigin] = useState(address.request_origin ?? window.location.origin);
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmShopAddress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    confirm.mutate(
      { origin },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          toast({
            title: 'Shop Address Saved',
            description: `E-mailed links now start with ${saved.link_base ?? saved.confirmed_origin ?? origin}.`,
          });
        },
        onError: (caught) => setError(fieldErrors(caught).origin ?? errorMessage(caught, "Failed to save the shop's address")),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="shop-address-dialog">
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>Your shop&apos;s address</DialogTitle>
            <DialogDescription>
              Links in the e-mails customers get (sign-in, licence and download links) start with this address. It is the one you are using now; change it if
              customers reach the shop at another address.
            </DialogDescription>
          </DialogHeader>
          <TextField
            id="shop-address"
            label="Shop address"
            type="url"
            value={origin}
            onChange={setOrigin}
            error={error}
            help={
              <>
                {address.held_emails > 0 ? `${emailCount(address.held_emails)} waiting in the outbox and will be sent once you confirm. ` : ''}A shop under a
                path (https://example.com/shop) sets the Base URL in Settings instead.
              </>
            }
          />
          <FormActions label="Confirm" pendingLabel="Confirm" cancelLabel="Later" isPending={confirm.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * While the shop has no address (no Base URL, nothing confirmed), e-mails with links are held in the outbox:
 * the admin is asked once per visit (the prompt) and warned on every page, with the count of held e-mails.
 */
const LATER_KEY = 'shop-address-later';

export function ShopAddressNotice() {
  const { data } = useShopAddress();
  // The prompt opens by itself until the admin answers it; "Later" closes it for this tab's visit, reloads included.
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(LATER_KEY) === '1');
  if (!data || data.link_base !== null) return null;
  const open = !dismissed;
  const setOpen = (next: boolean) => {
    if (next) sessionStorage.removeItem(LATER_KEY);
    else sessionStorage.setItem(LATER_KEY, '1');
    setDismissed(!next);
  };
  return (
    <>
      <div
        role="status"
        data-testid="shop-address-warning"
        className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
      >
        <TriangleAlert className="size-4 shrink-0 text-amber-600" />
        <span>
          Your shop&apos;s address is not set: e-mails with links (licence, sign-in) are held in the outbox, not sent.{' '}
          {data.held_emails > 0 ? `${emailCount(data.held_emails)} waiting.` : 'None is waiting yet.'}
        </span>
        <button type="button" className="font-medium underline underline-offset-4 hover:text-amber-700" onClick={() => setOpen(true)}>
          Set your shop&apos;s address
        </button>
        <span aria-hidden="true">·</span>
        <Link href="/settings" className="font-medium underline underline-offset-4 hover:text-amber-700">
          Set the Base URL in Settings
        </Link>
      </div>
      {open && <ShopAddressDialog address={data} open={open} onOpenChange={setOpen} />}
    </>
  );
}
