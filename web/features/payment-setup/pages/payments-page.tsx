import { useState, type ComponentProps, type FormEvent } from 'react';
import type { PaymentSetupUpdate } from '@common/payment-setup';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useCheckStripe } from '../api/check-stripe';
import { usePaymentSetup } from '../api/payment-setup';
import { useSetPaymentsLive } from '../api/set-payments-live';
import { useUpdatePaymentSetup } from '../api/update-payment-setup';
import { SecretField } from '../components/secret-field';
import { PasswordField } from '@/components/form-field';

type SecretView = ComponentProps<typeof SecretField>['view'];

const EMPTY = { stripe_secret_key: '', stripe_publishable_key: '', stripe_webhook_secret: '', lemonsqueezy_webhook_secret: '', password: '' };

/** The Payments page (issue 41; docs/payment-setup.md): Stripe and Lemon Squeezy keys, Check, the webhook, Go live. */
export function PaymentsPage() {
  usePageMeta('Payments');
  const setup = usePaymentSetup();
  const update = useUpdatePaymentSetup();
  const check = useCheckStripe();
  const live = useSetPaymentsLive();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const data = setup.data;
  if (!data) return <p className="p-6 text-muted-foreground">{setup.isError ? errorMessage(setup.error, 'Failed to load payments') : 'Loading...'}</p>;

  const field = (name: keyof typeof EMPTY) => ({ value: values[name], onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })) });
  const secret = (name: keyof typeof EMPTY, id: string, label: string, view: SecretView, placeholder: string) => (
    <SecretField id={id} label={label} view={view} placeholder={placeholder} {...field(name)} />
  );
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const patch: PaymentSetupUpdate = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value.trim() !== '')
        .map(([name, value]) => [name, value.trim()]),
    );
    update.mutate(patch, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({ title: 'Payments Saved', description: 'Press Check to ask Stripe whether the keys work.' });
      },
      onError: (caught) => setError(errorMessage(caught, 'Failed to save the keys')),
    });
  };
  const stripeCheck = check.data ?? data.stripe.check;

  return (
    <div className="space-y-6 p-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">Payments</h1>
        <Badge variant={data.mode === 'live' ? 'success' : 'outline'} data-testid="payments-mode">
          {data.mode === 'live' ? 'Live' : 'Test mode'}
        </Badge>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Stripe</CardTitle>
          <CardDescription>From Stripe → Developers → API keys. Saved encrypted; never shown again after saving.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" onSubmit={save} noValidate>
            {secret('stripe_secret_key', 'stripe-secret-key', 'Secret key', data.stripe.secret_key, 'sk_test_… or sk_live_…')}
            <div className="space-y-1">
              <Label htmlFor="stripe-publishable-key">Publishable key</Label>
              <Input
                id="stripe-publishable-key"
                disabled={data.stripe.publishable_key.source === 'environment'}
                placeholder={data.stripe.publishable_key.value ?? 'pk_test_… or pk_live_…'}
                {...{ value: values.stripe_publishable_key, onChange: (event) => field('stripe_publishable_key').onChange(event.target.value) }}
              />
              {data.stripe.publishable_key.source === 'environment' && <p className="text-xs text-muted-foreground">set by the environment</p>}
            </div>
            {secret('stripe_webhook_secret', 'stripe-webhook-secret', 'Webhook signing secret', data.stripe.webhook_secret, 'whsec_…')}
            {secret(
              'lemonsqueezy_webhook_secret',
              'lemonsqueezy-webhook-secret',
              'Lemon Squeezy webhook secret (instead of Stripe)',
              data.lemonsqueezy.webhook_secret,
              'The signing secret of the Lemon Squeezy webhook',
            )}
            {data.password_required && (
              <PasswordField id="payments-password" label="Admin password (you signed in a while ago)" wrapperClassName="space-y-1" {...field('password')} />
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="flex gap-2">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button type="button" variant="outline" disabled={check.isPending || !data.stripe.secret_key.is_set} onClick={() => check.mutate()}>
                {check.isPending ? 'Checking...' : 'Check'}
              </Button>
            </div>
          </form>
          {stripeCheck && (
            <p role="status" data-testid="stripe-check" className={stripeCheck.ok ? 'mt-4 text-sm text-green-700' : 'mt-4 text-sm text-destructive'}>
              {stripeCheck.ok ? '✓ ' : '✗ '}
              {stripeCheck.message}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Webhook</CardTitle>
          <CardDescription>
            In Stripe → Developers → Webhooks, add an endpoint with this address and these events, then save its signing secret above.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>
            Address:{' '}
            <code className="break-all" data-testid="stripe-webhook-url">
              {data.stripe.webhook_url ?? "Confirm your shop's address first (Dashboard)."}
            </code>
          </p>
          <p>Events: {data.stripe.webhook_events.join(', ')}</p>
          <p data-testid="stripe-webhook-received">
            {data.stripe.webhook_received_at ? `✓ First signed webhook received ${data.stripe.webhook_received_at}` : 'Waiting for the first signed webhook…'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Go live</CardTitle>
          <CardDescription>Real payments start here. Until then buyers pay with test cards only.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {data.mode === 'live' ? (
            <Button variant="outline" disabled={live.isPending} onClick={() => live.mutate(false)}>
              Back to test mode
            </Button>
          ) : (
            <>
              {data.go_live_blockers.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="go-live-blockers">
                  {data.go_live_blockers.map((blocker) => (
                    <li key={blocker}>{blocker}</li>
                  ))}
                </ul>
              )}
              <Button
                disabled={live.isPending}
                onClick={() =>
                  live.mutate(true, {
                    onSuccess: () => toast({ title: 'Live', description: 'Payments are live.' }),
                    onError: (caught) => toast({ title: 'Not Live Yet', description: errorMessage(caught, 'Going live failed'), variant: 'destructive' }),
                  })
                }
              >
                Go live
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
