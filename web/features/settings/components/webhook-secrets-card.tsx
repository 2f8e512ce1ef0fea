import { useState, type FormEvent } from 'react';
import type { SecretSettingName, SettingsResponse, SettingsUpdate } from '@common/settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FormError } from './form-error';

const SECRETS: Array<{ name: SecretSettingName; label: string; hint: string }> = [
  { name: 'stripe_webhook_secret', label: 'Stripe webhook signing secret', hint: 'whsec_… from the Stripe dashboard' },
  { name: 'lemonsqueezy_webhook_secret', label: 'Lemon Squeezy webhook signing secret', hint: 'The signing secret of the Lemon Squeezy webhook' },
  { name: 'webhook_secret', label: 'Outgoing webhook signing secret', hint: 'Signs the events this server sends to your endpoints' },
];

/** Secrets are write-only: the page shows whether each is set, never its value. */
export function WebhookSecretsCard({ settings }: { settings: SettingsResponse }) {
  const [values, setValues] = useState<Record<SecretSettingName, string>>({ stripe_webhook_secret: '', lemonsqueezy_webhook_secret: '', webhook_secret: '' });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSettings();

  const send = (patch: SettingsUpdate, done: string) => {
    setError(null);
    update.mutate(patch, {
      onSuccess: () => {
        setValues({ stripe_webhook_secret: '', lemonsqueezy_webhook_secret: '', webhook_secret: '' });
        toast({ title: 'Secrets Saved', description: done });
      },
      onError: (caught) => setError(errorMessage(caught, 'Failed to save secrets')),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = Object.fromEntries(SECRETS.filter(({ name }) => values[name].trim()).map(({ name }) => [name, values[name].trim()]));
    if (Object.keys(patch).length === 0) {
      setError('Enter a new value for at least one secret');
      return;
    }
    send(patch, 'The new secrets are in effect.');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook Signing Secrets</CardTitle>
        <CardDescription>Stored on the server and never shown again. Enter a new value to replace one.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          {SECRETS.map(({ name, label, hint }) => {
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
                  />
                  {isSet && (
                    <Button type="button" variant="outline" onClick={() => send({ [name]: null }, `${label} cleared.`)} disabled={update.isPending}>
                      Clear
                    </Button>
                  )}
                </div>
              </div>
            );
          })}
          <FormError message={error} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Secrets'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
