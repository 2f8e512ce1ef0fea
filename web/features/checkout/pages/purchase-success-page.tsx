import { useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, Clock, Download, Mail, RefreshCw, SearchX } from 'lucide-react';
import { formatMoney } from '@common/pricing';
import { ORDER_NOT_FOUND_MESSAGE, type CheckoutOrder } from '@common/checkout';
import { licenceWord, tierCoverText, updatesText, type Spelling } from '@common/store-terms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { useCheckoutOrder } from '../api/get-checkout-order';
import { purchaseProof } from '../lib/purchase-proof';

/** An order without a tier (before tiers existed) was the seeded one: lifetime, 3 sites. */
const BASE_TIER = { term: 'lifetime', sites: 3 } as const;

/**
 * The next steps (docs/product-spec.md section 2: key e-mail within 5-10 minutes, download and install, updates),
 * with the updates the tier bought ("Lifetime updates" only for a lifetime one) in the vendor's spelling.
 */
function nextSteps(order: CheckoutOrder, spelling: Spelling) {
  const word = licenceWord(spelling);
  const term = (order.tier ?? BASE_TIER).term;
  const updates = updatesText(term, order.expires_at);
  return [
    { icon: Mail, title: 'Check your email', text: `Your ${word} key will arrive by email within 5-10 minutes.` },
    { icon: Download, title: 'Download and install', text: 'Download the plugin with the link in the email and install it on your WordPress site.' },
    {
      icon: RefreshCw,
      title: updates,
      text:
        term === 'lifetime'
          ? `Activate your ${word} key to receive lifetime updates.`
          : `Activate your ${word} key to receive updates; renew to keep them coming.`,
    },
  ];
}

/**
 * /purchase/success?plugin={slug} (docs/product-spec.md section 2). The confirmation shows only the order this
 * browser paid for (its checkout's client secret: lib/purchase-proof.ts), with what was charged; anyone else,
 * or a payment not confirmed yet, gets a neutral page.
 */
export function PurchaseSuccessPage() {
  const slug = new URLSearchParams(useSearch()).get('plugin') ?? '';
  const [proof] = useState(() => purchaseProof(slug));
  const order = useCheckoutOrder(proof);
  const paid = order.data?.status === 'paid' ? order.data : null;
  const confirming = proof !== null && (order.isPending || order.isPolling);
  usePageMeta(paid ? 'Payment Successful!' : confirming ? 'Confirming Payment' : 'Your Order');
  const word = licenceWord(useStoreIdentity().spelling);

  if (paid) return <Confirmation order={paid} />;
  if (confirming) {
    return (
      <div className="flex items-center justify-center gap-3 py-24 text-muted-foreground">
        <Spinner className="size-6" label="Confirming your payment" />
        <span>Confirming your payment...</span>
      </div>
    );
  }
  if (order.data?.status === 'pending') {
    return (
      <NoConfirmation icon={<Clock className="mx-auto size-14 text-muted-foreground" />} title="Your payment is being confirmed">
        It is taking longer than usual. Your {word} key will arrive by e-mail as soon as the payment is confirmed.
      </NoConfirmation>
    );
  }
  return (
    <NoConfirmation icon={<SearchX className="mx-auto size-14 text-muted-foreground" />} title={ORDER_NOT_FOUND_MESSAGE}>
      This page confirms a purchase made in this browser. If you have paid, your {word} key is on its way by e-mail, and your orders are in your account.
    </NoConfirmation>
  );
}

function NoConfirmation({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 text-center" data-testid="order-not-confirmed">
      {icon}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <div className="flex justify-center gap-3">
        <Button asChild variant="outline">
          <Link href="/catalog">Browse Catalog</Link>
        </Button>
        <Button asChild>
          <Link href="/account">Your account</Link>
        </Button>
      </div>
    </div>
  );
}

function Confirmation({ order }: { order: CheckoutOrder }) {
  const identity = useStoreIdentity();
  const supportEmail = identity.support_email ?? '';
  const tier = order.tier ?? BASE_TIER;
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-12">
      <div className="space-y-3 text-center">
        <CheckCircle2 className="mx-auto size-14 text-green-600" />
        <h1 className="text-3xl font-bold">Payment Successful!</h1>
        <p className="text-muted-foreground">Thank you for your purchase. Your order has been confirmed.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Order Confirmed</CardTitle>
        </CardHeader>
        <CardContent className="flex items-center justify-between gap-4">
          <div>
            <div className="font-medium" data-testid="order-plugin">
              {order.plugin_name}
            </div>
            <div className="text-sm text-muted-foreground" data-testid="order-tier">
              {order.tier ? `${order.tier.name}: ` : ''}
              {tierCoverText(tier, identity.spelling)}
            </div>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-lg font-semibold" data-testid="order-price">
              {formatMoney(order.amount, order.currency)}
            </span>
            <Badge variant="success">Paid</Badge>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>What happens next</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {nextSteps(order, identity.spelling).map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                <div className="font-medium">{title}</div>
                <div className="text-sm text-muted-foreground">{text}</div>
              </div>
            </div>
          ))}
        </CardContent>
      </Card>
      <div className="space-y-4 text-center">
        <p className="text-sm text-muted-foreground">
          Questions about your order?{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${supportEmail}`}>
            Contact Support
          </a>
        </p>
        <p className="text-sm text-muted-foreground">
          Your {licenceWord(identity.spelling)} keys, sites, downloads and receipts are in{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" href="/account">
            your account
          </Link>
          .
        </p>
        <div className="flex justify-center gap-3">
          <Button asChild variant="outline">
            <Link href="/">Back to Home</Link>
          </Button>
          <Button asChild>
            <Link href="/catalog">Browse Catalog</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
