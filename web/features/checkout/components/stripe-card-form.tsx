import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';

// Loaded lazily by the checkout page only when the server uses Stripe: Stripe.js never reaches other pages.

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  priceLabel: string;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
}

function PaymentForm({ returnUrl, priceLabel, onSucceeded, onFailed }: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isProcessing, setProcessing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
    setProcessing(false);
    if (error) onFailed(error.message ?? 'The payment could not be completed. Please try again.');
    else onSucceeded();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!stripe || !elements || isProcessing}>
        {isProcessing ? 'Processing...' : `Pay ${priceLabel}`}
      </Button>
    </form>
  );
}

export function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <PaymentForm {...rest} />
    </Elements>
  );
}
