import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { renewPath } from '@common/renewals';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { useSpelling } from '@/lib/brand';
import { toast } from '@/lib/use-toast';
import { useCheckoutConfig } from '../api/get-checkout-config';
import { useCreateRenewalIntent, useRenewalQuote, type RenewalBuyer } from '../api/renewals';
import { useLemonSqueezyCheckout } from '../api/lemonsqueezy-checkout';
import { RenewLicenceCard } from '../components/renew-licence-card';
import { RenewalOffer, UpgradeOffers, type Purchase } from '../components/renew-offers';
import { RenewPaymentCard } from '../components/renew-payment-card';
import { TaxFields, type BuyerTax } from '../components/tax-fields';
import { toastPaymentFailed } from '../lib/payment-outcome';

type Step =
  | { name: 'choose' }
  | { name: 'setup'; purchase: Purchase }
  | { name: 'payment'; purchase: Purchase; clientSecret: string }
  | { name: 'done'; purchase: Purchase };

/**
 * A licence's renewal and upgrade page (`/renew?key=…`, docs/pricing.md): the plugin, tier, current expiry, the
 * new expiry and price, and the tiers it can move up to; once the vendor has set up tax, the buyer's country
 * (prefilled from the licence's last order or the request) and optional VAT number, with net, tax and total before
 * paying (docs/tax.md "Renewals"). Pay runs the shop's card form (test provider or Stripe).
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
  const [buyerTax, setBuyerTax] = useState<BuyerTax>({ country: '', vatNumber: '', name: '', address: '' });
  const [prefilled, setPrefilled] = useState(false);
  const waiting = step.name === 'done' || returnedFromStripe;
  const vatNumber = buyerTax.vatNumber.replace(/[\s.-]/g, '');
  const state = buyerTax.country === 'US' && buyerTax.state ? { state: buyerTax.state } : {};
  const buyer: RenewalBuyer = buyerTax.country ? { country: buyerTax.country, ...state, ...(vatNumber && { vat_number: vatNumber }) } : {};
  // After a payment the licence changes when the payment is confirmed: asked again every 2 s for a minute at most.
  const [since] = useState(() => Date.now());
  const quote = useRenewalQuote(key, buyer, { refetchInterval: waiting && Date.now() - since < 60_000 ? 2000 : false });
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
  // The country on record (or the request's) prefills the field once; the buyer may change it.
  if (!prefilled) {
    setPrefilled(true);
    if (data.buyer.country) setBuyerTax({ ...buyerTax, country: data.buyer.country, state: data.buyer.state ?? '', vatNumber: data.buyer.vat_number ?? '' });
  }

  const viaLemonSqueezy = config.data?.provider === 'lemonsqueezy';
  const asksTax = data.buyer.tax_required && !viaLemonSqueezy;
  // Automatic renewal from now on (docs/pricing.md): the card paid with is saved, with a provider that can save it.
  const offersAutoRenew = config.data?.provider === 'stripe' || config.data?.provider === 'test';
  const start = (purchase: Purchase) => {
    setPaymentError(null);
    // Lemon Squeezy as merchant of record (docs/pricing.md "Lemon Squeezy"): a renewal is paid on its hosted checkout;
    // an upgrade's prorated difference cannot be, so the buyer is told to ask.
    if (viaLemonSqueezy) {
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
        ...(asksTax && {
          ...buyer,
          ...(buyerTax.name.trim() && { buyer_name: buyerTax.name.trim() }),
          ...(buyerTax.address.trim() && { buyer_address: buyerTax.address.trim() }),
        }),
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
  // Prices shown are the ones paid: not while a new country's quote is on its way, nor with no country.
  const canPay = !asksTax || (buyerTax.country !== '' && data.buyer.problem === null && !quote.isPlaceholderData);

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
      <RenewLicenceCard data={data} />
      {asksTax && !busy && (
        <Card data-testid="renew-buyer">
          <CardHeader>
            <CardTitle>Your country</CardTitle>
            <CardDescription>The tax of the country you live in (or where your business is established) is added to the prices below.</CardDescription>
          </CardHeader>
          <CardContent>
            <TaxFields value={buyerTax} onChange={setBuyerTax} disabled={createIntent.isPending} />
            {data.buyer.problem && (
              <Alert variant="destructive" data-testid="renew-tax-problem">
                <CircleAlert />
                <AlertDescription>{data.buyer.problem}</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
      <RenewalOffer data={data} busy={busy} canPay={canPay} start={start} autoRenew={{ offered: offersAutoRenew, on: autoRenew, set: setAutoRenew }} />
      <UpgradeOffers data={data} busy={busy} canPay={canPay} start={start} />
      {(step.name === 'setup' || step.name === 'payment') && (
        <RenewPaymentCard
          purchase={step.purchase}
          clientSecret={step.name === 'payment' ? step.clientSecret : null}
          config={config.data}
          paymentError={paymentError}
          returnUrl={`${window.location.origin}${renewPath(key)}&paid=1`}
          onSucceeded={succeeded(step.purchase)}
          onFailed={failed}
        />
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
