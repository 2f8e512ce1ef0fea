import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useConfirmTestPayment } from '../api/confirm-test-payment';

/** The built-in test provider's card form: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export function TestCardForm({
  clientSecret,
  priceLabel,
  onSucceeded,
  onFailed,
}: {
  clientSecret: string;
  priceLabel: string;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('12/34');
  const [cvc, setCvc] = useState('123');
  const confirm = useConfirmTestPayment();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { clientSecret, cardNumber, expiry, cvc },
      {
        onSuccess: (result) => (result.status === 'succeeded' ? onSucceeded() : onFailed(result.message)),
        onError: (error) => onFailed(errorMessage(error, 'The payment could not be completed. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <div className="flex items-center justify-between rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <span>No real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.</span>
        <Badge variant="warning">TEST MODE</Badge>
      </div>
      <div className="space-y-2">
        <Label htmlFor="card-number">Card number</Label>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          disabled={confirm.isPending}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-2">
          <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
          <Input id="card-expiry" autoComplete="cc-exp" required value={expiry} onChange={(e) => setExpiry(e.target.value)} disabled={confirm.isPending} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
            disabled={confirm.isPending}
          />
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={confirm.isPending || cardNumber.trim() === ''}>
        {confirm.isPending ? 'Processing...' : `Pay ${priceLabel}`}
      </Button>
    </form>
  );
}
