import { useState, type FormEvent } from 'react';
import type { SettingsResponse } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FieldError, invalidProps } from './form-error';

/**
 * The Lemon Squeezy store whose hosted checkout sells the tiers (docs/pricing.md "Lemon Squeezy"). It takes payments
 * when its webhook secret is set and neither Stripe nor test payments are.
 */
export function LemonSqueezyStoreCard({ settings }: { settings: SettingsResponse }) {
  const [store, setStore] = useState(settings.lemonsqueezy_store ?? '');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    update.mutate(
      { lemonsqueezy_store: store.trim() === '' ? null : store.trim() },
      {
        onSuccess: (saved) => {
          setStore(saved.lemonsqueezy_store ?? '');
          toast({
            title: 'Settings Saved',
            description: saved.lemonsqueezy_store ? `Checkout goes to ${saved.lemonsqueezy_store}.lemonsqueezy.com.` : 'Lemon Squeezy store cleared.',
          });
        },
        onError: (caught) => setError(fieldErrors(caught).lemonsqueezy_store ?? errorMessage(caught, 'Failed to save the store')),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lemon Squeezy Checkout</CardTitle>
        <CardDescription>
          When Lemon Squeezy takes your payments (its webhook signing secret is set, Stripe is not), Purchase goes to this store&apos;s checkout. Give each
          price tier its variant ID and checkout link (Lemon Squeezy → Products → Share) on the plugin&apos;s page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-3" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="lemonsqueezy-store">Store</Label>
            <Input
              id="lemonsqueezy-store"
              value={store}
              onChange={(event) => setStore(event.target.value)}
              placeholder="my-store (of my-store.lemonsqueezy.com)"
              maxLength={100}
              {...invalidProps('lemonsqueezy-store-error', error)}
            />
            <FieldError id="lemonsqueezy-store-error" message={error} />
          </div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Store'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
