import { useState } from 'react';
import type { SecretSettingName, SettingsResponse, SettingsUpdate } from '@common/settings';
import { FieldError, FieldHelp, invalidProps } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/use-toast';
import { SettingsCard, useSettingsForm } from './settings-card';

const SECRETS: Array<{ name: SecretSettingName; label: string; hint: string; help?: string }> = [
  { name: 'stripe_webhook_secret', label: 'Stripe webhook signing secret', hint: 'whsec_… from the Stripe dashboard' },
  { name: 'lemonsqueezy_webhook_secret', label: 'Lemon Squeezy webhook signing secret', hint: 'The signing secret of the Lemon Squeezy webhook' },
  // The setting of the specification's "webhook secret" field. Outgoing events are signed with each endpoint's own
  // secret (docs/webhooks.md), so this one signs nothing: saying otherwise sent vendors verifying with the wrong key.
  {
    name: 'webhook_secret',
    label: 'Webhook secret (legacy)',
    hint: 'Not used to sign outgoing events',
    help: 'Not used to sign outgoing events: each endpoint in Webhook endpoints has its own secret, shown when you add the endpoint or rotate its secret.',
  },
];

/** The card's texts. */
const CARD = {
  title: 'Webhook Signing Secrets',
  description: 'Stored on the server and never shown again. Enter a new value to replace one.',
  submitLabel: 'Save Secrets',
};

/** Secrets are write-only: the page shows whether each is set, never its value. */
export function WebhookSecretsCard({ settings }: { settings: SettingsResponse }) {
  const [values, setValues] = useState<Record<SecretSettingName, string>>({ stripe_webhook_secret: '', lemonsqueezy_webhook_secret: '', webhook_secret: '' });
  const form = useSettingsForm(
    SECRETS.map(({ name }) => name),
    'Failed to save secrets',
  );
  const { errors } = form;

  const send = (patch: SettingsUpdate, done: string) =>
    form.save(patch, () => {
      setValues({ stripe_webhook_secret: '', lemonsqueezy_webhook_secret: '', webhook_secret: '' });
      toast({ title: 'Secrets Saved', description: done });
    });
  const submit = () => {
    const patch = Object.fromEntries(SECRETS.filter(({ name }) => values[name].trim()).map(({ name }) => [name, values[name].trim()]));
    if (Object.keys(patch).length === 0) {
      form.setError('Enter a new value for at least one secret');
      return;
    }
    send(patch, 'The new secrets are in effect.');
  };

  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      {SECRETS.map(({ name, label, hint, help }) => {
        const isSet = settings.secrets[name].is_set;
        return (
          <div key={name} className="space-y-2">
            <div className="flex items-center gap-2">
              <Label htmlFor={`secret-${name}`}>{label}</Label>
              <Badge variant={isSet ? 'success' : 'outline'} data-testid={`secret-status-${name}`}>
                {isSet ? 'Set' : 'Not set'}
              </Badge>
            </div>
            <div className="flex gap-2">
              <Input
                id={`secret-${name}`}
                type="password"
                autoComplete="off"
                placeholder={isSet ? '••••••••••••  (set; type to replace)' : hint}
                value={values[name]}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                {...invalidProps(`secret-${name}-error`, errors[name], help ? `secret-${name}-help` : undefined)}
              />
              {isSet && (
                <Button type="button" variant="outline" onClick={() => send({ [name]: null }, `${label} cleared.`)} disabled={form.pending}>
                  Clear
                </Button>
              )}
            </div>
            <FieldError id={`secret-${name}-error`} message={errors[name]} />
            {help && <FieldHelp id={`secret-${name}-help`}>{help}</FieldHelp>}
          </div>
        );
      })}
    </SettingsCard>
  );
}
