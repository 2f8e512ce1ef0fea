import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { Check, CircleAlert } from 'lucide-react';
import { formatMoney } from '@common/pricing';
import { tierPriceMinor, tierSummary } from '@common/prices';
import { licenceWord, purchasePoints } from '@common/store-terms';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { usePublicPlugin } from '@/lib/public-plugins';
import { useCheckoutConfig } from '../api/get-checkout-config';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { useLemonSqueezyCheckout } from '../api/lemonsqueezy-checkout';
import { EmailStep } from '../components/email-step';
import { TestCardForm } from '../components/test-card-form';
import { CouponField, type AppliedCoupon } from '../components/coupon-field';
import { PluginNotAvailable } from '../components/plugin-not-available';
import { successPath, toastPaymentFailed, toastPaymentSucceeded, toastSetupFailed } from '../lib/payment-outcome';
import { rememberPurchase } from '../lib/purchase-proof';
import { useCheckoutQuote } from '../api/checkout-quote';
import { TaxFields, type BuyerTax } from '../components/tax-fields';
import { taxLineLabel } from '@common/tax';

const StripeCardForm = lazy(() => import('../components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

type Step = { name: 'email' } | { name: 'setup' } | { name: 'payment'; clientSecret: string };

/** Two-step purchase (docs/product-spec.md section 4): e-mail, then the card form of the configured provider. */
export function CheckoutPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  usePageMeta('Checkout');
  const [, navigate] = useLocation();
  const { plugin, isPending: pluginLoading } = usePublicPlugin(slug);
  // The tier chosen on the plugin page (?price=id); without one, or an id no longer on sale, the first tier.
  const chosenPriceId = Number(new URLSearchParams(useSearch()).get('price'));
  const config = useCheckoutConfig();
  const createIntent = useCreatePaymentIntent();
  const hostedCheckout = useLemonSqueezyCheckout();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  // A declined card is said beside the form as well as in the toast, which disappears after a few seconds.
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [autoRenew, setAutoRenew] = useState(false);
  const terms = useStoreIdentity();
  const [buyerTax, setBuyerTax] = useState<BuyerTax>({ country: '', vatNumber: '', name: '', address: '' });
  const quoteTier = plugin?.prices.find((price) => price.id === chosenPriceId) ?? plugin?.prices[0];
  const vatNumber = buyerTax.vatNumber.replace(/[\s.-]/g, '');
  // The server computes the tax (docs/tax.md): the price box and the payment step show its net, tax and total.
  const quote = useCheckoutQuote(
    plugin && quoteTier && config.data?.provider !== 'lemonsqueezy'
      ? {
          items: [{ id: plugin.slug, price_id: quoteTier.id }],
          ...(coupon && { coupon_code: coupon.code }),
          ...(buyerTax.country && { country: buyerTax.country }),
          ...(buyerTax.country === 'US' && buyerTax.state && { state: buyerTax.state }),
          ...(vatNumber.length > 4 && { vat_number: vatNumber }),
        }
      : null,
  );
  const detected = quote.data?.detected_country ?? null;
  if (detected && buyerTax.country === '') setBuyerTax({ ...buyerTax, country: detected });

  if (pluginLoading || config.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-8" label="Loading checkout" />
      </div>
    );
  }
  const tier = plugin?.prices.find((price) => price.id === chosenPriceId) ?? plugin?.prices[0];
  if (!plugin || !plugin.is_purchasable || !tier || config.data?.provider === 'unavailable') return <PluginNotAvailable />;
  const fullPrice = tierPriceMinor(tier);
  // A code applied to another tier than the one shown no longer counts.
  const applied = coupon && coupon.price === fullPrice && coupon.currency === tier.currency ? coupon : null;
  const taxed = quote.data && quote.data.treatment !== 'none' ? quote.data : null;
  const asksTax = taxed !== null || quote.isError;
  const amount = taxed ? taxed.total : applied ? applied.amount : fullPrice;
  const priceLabel = formatMoney(amount, tier.currency);
  // Automatic renewal (docs/pricing.md): offered for a tier with a term, with a provider that can save the card.
  const offersAutoRenew = tier.term !== 'lifetime' && (config.data?.provider === 'stripe' || config.data?.provider === 'test');

  // Lemon Squeezy as merchant of record (docs/pricing.md "Lemon Squeezy"): the buyer pays on its hosted checkout,
  // which handles tax and its own discount codes; the licence follows its webhook.
  const viaLemonSqueezy = config.data?.provider === 'lemonsqueezy';

  const goToLemonSqueezy = (address: string) => {
    setEmail(address);
    setPaymentError(null);
    hostedCheckout.mutate(
      { kind: 'new', plugin: plugin.slug, price_id: tier.id, customerEmail: address },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => setPaymentError(errorMessage(error, 'The checkout could not be opened. Please try again.')),
      },
    );
  };

  const startPayment = (address: string) => {
    if (viaLemonSqueezy) {
      goToLemonSqueezy(address);
      return;
    }
    setEmail(address);
    setStep({ name: 'setup' });
    createIntent.mutate(
      {
        items: [{ id: plugin.slug, name: plugin.name, price_id: tier.id }],
        amount,
        customerEmail: address,
        ...(applied && { coupon_code: applied.code }),
        ...(offersAutoRenew && autoRenew && { auto_renew: true }),
        ...(asksTax && {
          country: buyerTax.country,
          ...(buyerTax.country === 'US' && buyerTax.state && { state: buyerTax.state }),
          ...(vatNumber && { vat_number: vatNumber }),
          ...(buyerTax.name.trim() && { buyer_name: buyerTax.name.trim() }),
          ...(buyerTax.address.trim() && { buyer_address: buyerTax.address.trim() }),
        }),
      },
      {
        onSuccess: ({ clientSecret }) => setStep({ name: 'payment', clientSecret }),
        onError: (error) => {
          // A code refused at this point (used up meanwhile, or this buyer's limit): said beside the field, taken off.
          if (applied && error instanceof ApiError && error.status === 422 && error.serverMessage) {
            setCoupon(null);
            setCouponError(error.serverMessage);
          } else toastSetupFailed();
          setStep({ name: 'email' });
        },
      },
    );
  };
  const failed = (message: string) => {
    toastPaymentFailed(message);
    setPaymentError(message);
  };
  const succeeded = () => {
    setPaymentError(null);
    toastPaymentSucceeded();
    if (step.name === 'payment') rememberPurchase(plugin.slug, step.clientSecret);
    navigate(successPath(plugin.slug));
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12 md:grid-cols-[1fr_20rem]">
      <h1 className="sr-only">Checkout: {plugin.name}</h1>
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">{step.name === 'payment' ? 'Payment details' : 'Your email'}</CardTitle>
          <CardDescription>{step.name === 'payment' ? `Paying as ${email}` : 'Step 1 of 2'}</CardDescription>
        </CardHeader>
        <CardContent>
          {step.name === 'email' && offersAutoRenew && (
            <label className="mb-4 flex items-start gap-2 rounded-md border p-3 text-sm" data-testid="checkout-auto-renew">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={autoRenew}
                onChange={(event) => setAutoRenew(event.target.checked)}
              />
              <span>
                <span className="font-medium">Renew automatically</span>
                <span className="block text-muted-foreground">
                  Save my card and charge it for the renewal price when the {licenceWord(terms.spelling)} expires, every {tier.term}. You can turn this off in
                  your account at any time.
                </span>
              </span>
            </label>
          )}
          {step.name === 'email' && viaLemonSqueezy && paymentError && (
            <Alert variant="destructive" className="mb-4" data-testid="checkout-error">
              <CircleAlert />
              <AlertTitle>Cannot Continue</AlertTitle>
              <AlertDescription>{paymentError}</AlertDescription>
            </Alert>
          )}
          {step.name === 'email' && !viaLemonSqueezy && asksTax && <TaxFields value={buyerTax} onChange={setBuyerTax} disabled={createIntent.isPending} />}
          {step.name === 'email' && quote.isError && (
            <p className="mb-4 text-sm text-destructive" role="alert" data-testid="checkout-tax-error">
              {errorMessage(quote.error, 'The price could not be computed. Please try again.')}
            </p>
          )}
          {step.name === 'email' && <EmailStep initialEmail={email} isPending={createIntent.isPending || hostedCheckout.isPending} onContinue={startPayment} />}
          {step.name === 'email' && viaLemonSqueezy && (
            <p className="mt-3 text-sm text-muted-foreground">You will pay on Lemon Squeezy&apos;s secure checkout, our reseller, which adds any sales tax.</p>
          )}
          {step.name === 'setup' && (
            <div className="flex items-center gap-3 py-8 text-muted-foreground" role="status">
              <Spinner className="size-5" label="Setting up payment" />
              <span>Setting up payment...</span>
            </div>
          )}
          {step.name === 'payment' && paymentError && (
            <Alert variant="destructive" className="mb-4" data-testid="payment-error">
              <CircleAlert />
              <AlertTitle>Payment Failed</AlertTitle>
              <AlertDescription>{paymentError}</AlertDescription>
            </Alert>
          )}
          {step.name === 'payment' && config.data?.provider === 'test' && (
            <TestCardForm clientSecret={step.clientSecret} priceLabel={priceLabel} onSucceeded={succeeded} onFailed={failed} />
          )}
          {step.name === 'payment' && config.data?.provider === 'stripe' && config.data.publishableKey && (
            <Suspense fallback={<Spinner className="size-5" label="Loading payment form" />}>
              <StripeCardForm
                publishableKey={config.data.publishableKey}
                clientSecret={step.clientSecret}
                returnUrl={`${window.location.origin}${successPath(plugin.slug)}`}
                priceLabel={priceLabel}
                onSucceeded={succeeded}
                onFailed={failed}
              />
            </Suspense>
          )}
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <div className="flex justify-between font-medium">
            <span>
              {plugin.name}
              {plugin.prices.length > 1 && <span className="block text-muted-foreground">{tier.name}</span>}
            </span>
            <span data-testid="checkout-price" className={applied ? 'text-muted-foreground line-through' : undefined}>
              {formatMoney(fullPrice, tier.currency)}
            </span>
          </div>
          {applied && (
            <>
              <div className="flex justify-between text-green-700" data-testid="checkout-discount">
                <span>Coupon {applied.code}</span>
                <span>−{formatMoney(applied.discount, tier.currency)}</span>
              </div>
              {!taxed && (
                <div className="flex justify-between border-t pt-2 font-semibold">
                  <span>Total</span>
                  <span data-testid="checkout-total">{priceLabel}</span>
                </div>
              )}
            </>
          )}
          {taxed && (
            <div className="space-y-1 border-t pt-2" data-testid="checkout-tax">
              <div className="flex justify-between">
                <span>Net</span>
                <span data-testid="checkout-net">{formatMoney(taxed.net, tier.currency)}</span>
              </div>
              <div className="flex justify-between">
                <span>{taxLineLabel(taxed)}</span>
                <span data-testid="checkout-tax-amount">{formatMoney(taxed.tax, tier.currency)}</span>
              </div>
              <div className="flex justify-between font-semibold">
                <span>Total</span>
                <span data-testid="checkout-total">{priceLabel}</span>
              </div>
              {taxed.note && <p className="text-xs text-muted-foreground">{taxed.note}</p>}
            </div>
          )}
          <ul className="space-y-1 text-muted-foreground">
            {/* The tier's own sites and term, and the vendor's refund window (none promised at 0 days). */}
            {[tierSummary(tier), ...purchasePoints(tier, terms).slice(1)].map((line) => (
              <li key={line} className="flex items-center gap-2">
                <Check className="size-4 text-green-600" />
                {line}
              </li>
            ))}
          </ul>
          {!viaLemonSqueezy && (
            <CouponField
              pluginSlug={plugin.slug}
              priceId={tier.id}
              applied={applied}
              disabled={step.name !== 'email' || createIntent.isPending}
              error={couponError}
              onApplied={(next) => {
                setCouponError(null);
                setCoupon(next);
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
