import { useState } from 'react';
import type { SettingsResponse } from '@common/settings';
import { TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { SettingsCard, useSettingsForm } from './settings-card';

/** The card's texts. */
const CARD = {
  title: 'Lemon Squeezy Checkout',
  description:
    "When Lemon Squeezy takes your payments (its webhook signing secret is set, Stripe is not), Purchase goes to this store's checkout. Give each price tier its variant ID and checkout link (Lemon Squeezy → Products → Share) on the plugin's page.",
  submitLabel: 'Save Store',
  formClassName: 'space-y-3',
};

/**
 * The Lemon Squeezy store whose hosted checkout sells the tiers (docs/pricing.md "Lemon Squeezy"). It takes payments
 * when its webhook secret is set and neither Stripe nor test payments are. Its one field shows any problem, its own
 * or the server's.
 */
export function LemonSqueezyStoreCard({ settings }: { settings: SettingsResponse }) {
  const [store, setStore] = useState(settings.lemonsqueezy_store ?? '');
  const form = useSettingsForm(['lemonsqueezy_store'], 'Failed to save the store');
  const submit = () =>
    form.save({ lemonsqueezy_store: store.trim() === '' ? null : store.trim() }, (saved) => {
      setStore(saved.lemonsqueezy_store ?? '');
      toast({
        title: 'Settings Saved',
        description: saved.lemonsqueezy_store ? `Checkout goes to ${saved.lemonsqueezy_store}.lemonsqueezy.com.` : 'Lemon Squeezy store cleared.',
      });
    });
  return (
    <SettingsCard {...CARD} onSubmit={submit} form={{ error: null, pending: form.pending }}>
      <TextField
        id="lemonsqueezy-store"
        label="Store"
        value={store}
        onChange={setStore}
        placeholder="my-store (of my-store.lemonsqueezy.com)"
        maxLength={100}
        error={form.errors.lemonsqueezy_store ?? form.error ?? undefined}
      />
    </SettingsCard>
  );
}
