import { lazy, Suspense } from 'react';
import { CircleAlert } from 'lucide-react';
import type { CheckoutConfig } from '@common/checkout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TestCardForm } from './test-card-form';
import type { Purchase } from './renew-offers';

const StripeCardForm = lazy(() => import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

interface Props {
  purchase: Purchase;
  /** Null while the payment is being set up. */
  clientSecret: string | null;
  config: CheckoutConfig | undefined;
  paymentError: string | null;
  returnUrl: string;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
}

/** The renewal page's payment step: the shop's card form (test provider or Stripe) for the purchase chosen. */
export function RenewPaymentCard({ purchase, clientSecret, config, paymentError, returnUrl, onSucceeded, onFailed }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment details</CardTitle>
        <CardDescription>
          {purchase.kind === 'renewal' ? 'Renewal' : 'Upgrade'}: {purchase.label}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {clientSecret === null && (
          <div className="flex items-center gap-3 py-4 text-muted-foreground" role="status">
            <Spinner className="size-5" label="Setting up payment" />
            <span>Setting up payment...</span>
          </div>
        )}
        {clientSecret !== null && paymentError && (
          <Alert variant="destructive" data-testid="payment-error">
            <CircleAlert />
            <AlertTitle>Payment Failed</AlertTitle>
            <AlertDescription>{paymentError}</AlertDescription>
          </Alert>
        )}
        {clientSecret !== null && config?.provider === 'test' && (
          <TestCardForm clientSecret={clientSecret} priceLabel={purchase.label} onSucceeded={onSucceeded} onFailed={onFailed} />
        )}
        {clientSecret !== null && config?.provider === 'stripe' && config.publishableKey && (
          <Suspense fallback={<Spinner className="size-5" label="Loading payment form" />}>
            <StripeCardForm
              publishableKey={config.publishableKey}
              clientSecret={clientSecret}
              returnUrl={returnUrl}
              priceLabel={purchase.label}
              onSucceeded={onSucceeded}
              onFailed={onFailed}
            />
          </Suspense>
        )}
        {clientSecret !== null && config?.provider === 'unavailable' && <p className="text-sm text-destructive">{config.message}</p>}
      </CardContent>
    </Card>
  );
}
