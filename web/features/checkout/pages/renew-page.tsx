import { lazy, Suspense, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatMoney } from '@common/pricing';
import { tierSummary } from '@common/prices';
import { renewPath } from '@common/renewals';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { useSpelling } from '@/lib/brand';
import { toast } from '@/lib/use-toast';
import { useCheckoutConfig } from '../api/get-checkout-config';
import { useCreateRenewalIntent, useRenewalQuote } from '../api/renewals';
import { useLemonSqueezyCheckout } from '../api/lemonsqueezy-checkout';
import { TestCardForm } from '../components/test-card-form';
import { toastPaymentFailed } from '../lib/payment-outcome';

const StripeCardForm = lazy(() => import('../components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const STATUS_VARIANT: Record<string, 'success' | 'warning' | 'destructive'> = { active: 'success', expired: 'warning', revoked: 'destructive' };

/** What is being paid for: a renewal, or an upgrade to one tier. */
type Purchase =
  { kind: 'renewal'; amount: number; currency: string; label: string } | { kind: 'upgrade'; priceId: number; amount: number; currency: string; label: string };
type Step =
  | { name: 'choose' }
  | { name: 'setup'; purchase: Purchase }
  | { name: 'payment'; purchase: Purchase; clientSecret: string }
  | { name: 'done'; purchase: Purchase };

/**
 * A licence's renewal and upgrade page (`/renew?key=…`, docs/pricing.md): the plugin, tier, current expiry, the
 * new expiry and price, and the tiers it can move up to; Pay runs the shop's card form (test provider or Stripe).
 */
export function RenewPage() {
  const say = useSpelling();
  usePageMeta(say('Renew your licence'));
  const params = new URLSearchParams(useSearch());
  const key = (params.get('key') ?? '').trim();
  // Stripe may return here after a redirect (3-D Secure): its webhook then changes the licence in a moment.
  const returnedFromStripe = params.get('paid') === '1';
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [autoRenew, setAutoRenew] = useState(false);
  const waiting = step.name === 'done' || returnedFromStripe;
  // After a payment the licence changes when the payment is confirmed: asked again every 2 s for a minute at most.
  const [since] = useState(() => Date.now());
  const quote = useRenewalQuote(key, { refetchInterval: waiting && Date.now() - since < 60_000 ? 2000 : false });
  const config = useCheckoutConfig();
  const createIntent = useCreateRenewalIntent();
  const hostedCheckout = useLemonSqueezyCheckout();

  if (key === '') return <Problem title={say('No licence key')} message={say('Open this page from the link in your licence e-mail or your account.')} />;
  if (quote.isPending || config.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-8" label={say('Loading your licence')} />
      </div>
    );
  }
  if (quote.isError || !quote.data)
    return <Problem title={say('Licence not found')} message={errorMessage(quote.error, say('This licence could not be loaded. Please try again.'))} />;
  const data = quote.data;

  // Automatic renewal from now on (docs/pricing.md): the card paid with is saved, with a provider that can save it.
  const offersAutoRenew = config.data?.provider === 'stripe' || config.data?.provider === 'test';
  const start = (purchase: Purchase) => {
    setPaymentError(null);
    // Lemon Squeezy as merchant of record (docs/pricing.md "Lemon Squeezy"): a renewal is paid on its hosted checkout;
    // an upgrade's prorated difference cannot be, so the buyer is told to ask.
    if (config.data?.provider === 'lemonsqueezy') {
      const failedToOpen = (message: string) => toast({ title: 'Cannot Continue', description: message, variant: 'destructive' });
      if (purchase.kind !== 'renewal') {
        failedToOpen(say('Upgrades cannot be paid online in this shop. Please contact us to upgrade your licence.'));
        return;
      }
      hostedCheckout.mutate(
        { kind: 'renewal', license_key: key },
        {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => failedToOpen(errorMessage(error, 'The checkout could not be opened. Please try again.')),
        },
      );
      return;
    }
    setStep({ name: 'setup', purchase });
    createIntent.mutate(
      {
        license_key: key,
        kind: purchase.kind,
        amount: purchase.amount,
        ...(purchase.kind === 'upgrade' && { price_id: purchase.priceId }),
        ...(purchase.kind === 'renewal' && offersAutoRenew && autoRenew && { auto_renew: true }),
      },
      {
        onSuccess: ({ clientSecret }) => setStep({ name: 'payment', purchase, clientSecret }),
        onError: (error) => {
          toast({ title: 'Payment Setup Failed', description: errorMessage(error, 'Unable to initialize payment. Please try again.'), variant: 'destructive' });
          setStep({ name: 'choose' });
          void quote.refetch();
        },
      },
    );
  };
  const failed = (message: string) => {
    toastPaymentFailed(message);
    setPaymentError(message);
  };
  const succeeded = (purchase: Purchase) => () => {
    setPaymentError(null);
    toast({ title: 'Payment Successful', description: say(purchase.kind === 'renewal' ? 'Your licence is renewed.' : 'Your licence is upgraded.') });
    setStep({ name: 'done', purchase });
    void quote.refetch();
  };
  const busy = step.name !== 'choose';
  const renewal = data.renewal;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold">{say('Renew your licence')}</h1>
      {waiting && (
        <Alert data-testid="renew-done">
          <CircleCheck />
          <AlertTitle>Payment received</AlertTitle>
          <AlertDescription>
            {say(step.name === 'done' && step.purchase.kind === 'upgrade' ? 'Your licence is upgraded' : 'Your licence is renewed')}; the details below show it
            {data.expires_at ? `, valid until ${formatDate(data.expires_at)}` : ''}. A receipt is on its way by e-mail.
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-3" data-testid="renew-plugin">
            {data.plugin_name}
            <Badge variant={STATUS_VARIANT[data.status] ?? 'warning'} className="capitalize" data-testid="renew-status">
              {data.status}
            </Badge>
          </CardTitle>
          <CardDescription>{say(`Licence ${data.license_key_hint}`)}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">Tier</dt>
              <dd data-testid="renew-tier">{data.tier ? `${data.tier.name}: ${tierSummary(data.tier)}` : 'No price tier'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Current expiry</dt>
              <dd data-testid="renew-current-expiry" data-expires-at={data.expires_at ?? ''}>
                {data.expires_at ? formatDate(data.expires_at) : say('Never (lifetime licence)')}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Renewal</CardTitle>
          <CardDescription>One more term from your current expiry (or from today if it has passed).</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {renewal.available ? (
            <>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground">New expiry</dt>
                  <dd data-testid="renew-new-expiry" data-expires-at={renewal.new_expires_at}>
                    {formatDate(renewal.new_expires_at)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Price</dt>
                  <dd data-testid="renew-price">{formatMoney(renewal.amount, renewal.currency)}</dd>
                </div>
              </dl>
              {!busy && offersAutoRenew && (
                <label className="flex items-start gap-2 rounded-md border p-3 text-sm" data-testid="renew-auto-renew">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={autoRenew}
                    onChange={(event) => setAutoRenew(event.target.checked)}
                  />
                  <span>
                    <span className="font-medium">Renew automatically</span>
                    <span className="block text-muted-foreground">
                      {say(
                        'Save my card and charge it for the renewal price each time the licence expires. You can turn this off in your account at any time.',
                      )}
                    </span>
                  </span>
                </label>
              )}
              {!busy && (
                <Button
                  data-testid="renew-pay"
                  onClick={() =>
                    start({ kind: 'renewal', amount: renewal.amount, currency: renewal.currency, label: formatMoney(renewal.amount, renewal.currency) })
                  }
                >
                  Pay {formatMoney(renewal.amount, renewal.currency)} and renew
                </Button>
              )}
            </>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="renew-unavailable">
              {renewal.reason}
            </p>
          )}
        </CardContent>
      </Card>

      <Card id="upgrade">
        <CardHeader>
          <CardTitle>Upgrade</CardTitle>
          <CardDescription>{say('More sites on the same key. A yearly or monthly licence pays the difference for the days left in its term.')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {data.upgrades.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="upgrade-unavailable">
              {data.upgrade_note}
            </p>
          ) : (
            <ul className="divide-y rounded-md border">
              {data.upgrades.map((upgrade) => (
                <li key={upgrade.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2" data-testid="upgrade-option">
                  <span>
                    <span className="font-medium">{upgrade.name}</span>
                    <span className="block text-sm text-muted-foreground">{tierSummary(upgrade)}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span data-testid="upgrade-price">{formatMoney(upgrade.amount, upgrade.currency)}</span>
                    {!busy && (
                      <Button
                        variant="outline"
                        onClick={() =>
                          start({
                            kind: 'upgrade',
                            priceId: upgrade.id,
                            amount: upgrade.amount,
                            currency: upgrade.currency,
                            label: formatMoney(upgrade.amount, upgrade.currency),
                          })
                        }
                      >
                        Upgrade to {upgrade.name}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {(step.name === 'setup' || step.name === 'payment') && (
        <Card>
          <CardHeader>
            <CardTitle>Payment details</CardTitle>
            <CardDescription>
              {step.purchase.kind === 'renewal' ? 'Renewal' : 'Upgrade'}: {step.purchase.label}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {step.name === 'setup' && (
              <div className="flex items-center gap-3 py-4 text-muted-foreground" role="status">
                <Spinner className="size-5" label="Setting up payment" />
                <span>Setting up payment...</span>
              </div>
            )}
            {step.name === 'payment' && paymentError && (
              <Alert variant="destructive" data-testid="payment-error">
                <CircleAlert />
                <AlertTitle>Payment Failed</AlertTitle>
                <AlertDescription>{paymentError}</AlertDescription>
              </Alert>
            )}
            {step.name === 'payment' && config.data?.provider === 'test' && (
              <TestCardForm clientSecret={step.clientSecret} priceLabel={step.purchase.label} onSucceeded={succeeded(step.purchase)} onFailed={failed} />
            )}
            {step.name === 'payment' && config.data?.provider === 'stripe' && config.data.publishableKey && (
              <Suspense fallback={<Spinner className="size-5" label="Loading payment form" />}>
                <StripeCardForm
                  publishableKey={config.data.publishableKey}
                  clientSecret={step.clientSecret}
                  returnUrl={`${window.location.origin}${renewPath(key)}&paid=1`}
                  priceLabel={step.purchase.label}
                  onSucceeded={succeeded(step.purchase)}
                  onFailed={failed}
                />
              </Suspense>
            )}
            {step.name === 'payment' && config.data?.provider === 'unavailable' && <p className="text-sm text-destructive">{config.data.message}</p>}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link href="/account">Your account</Link>
      </Button>
    </div>
  );
}
