import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api';
import { useConfirmTestPayment } from '../api/confirm-test-payment';
import { cardErrorsFromServer, checkTestCard, normalizeExpiry, type CardErrors, type CardField } from '../lib/test-card';

const FAILED = 'The payment could not be completed. Please try again.';

/** A field's problem, beside it, in plain words. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-destructive" data-testid={id}>
      {message}
    </p>
  ) : null;
}

/**
 * The built-in test provider's card form: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. The fields
 * start empty (placeholders only) and are checked before sending; each problem shows beside its field.
 */
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
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const confirm = useConfirmTestPayment();

  const change = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkTestCard(card);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    confirm.mutate(
      { clientSecret, cardNumber: card.cardNumber, expiry: normalizeExpiry(card.expiry) ?? card.expiry, cvc: card.cvc.trim() },
      {
        onSuccess: (result) => (result.status === 'succeeded' ? onSucceeded() : onFailed(result.message)),
        onError: (error) => {
          // A 400 names the body's fields ("Invalid body: expiry: …"): shown beside the field in the form's words, never as is.
          if (error instanceof ApiError && error.status === 400) {
            const mapped = cardErrorsFromServer(error.fieldErrors);
            if (Object.keys(mapped).length > 0) setErrors(mapped);
            else onFailed(FAILED);
            return;
          }
          onFailed(errorMessage(error, FAILED));
        },
      },
    );
  };

  const fieldProps = (field: CardField, errorId: string) => ({
    value: card[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    disabled: confirm.isPending,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId : undefined,
  });

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment" noValidate>
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
          {...fieldProps('cardNumber', 'card-number-error')}
        />
        <FieldError id="card-number-error" message={errors.cardNumber} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-2">
          <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
          <Input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" required {...fieldProps('expiry', 'card-expiry-error')} />
          <FieldError id="card-expiry-error" message={errors.expiry} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="card-cvc">CVC</Label>
          <Input id="card-cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required {...fieldProps('cvc', 'card-cvc-error')} />
          <FieldError id="card-cvc-error" message={errors.cvc} />
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? 'Processing...' : `Pay ${priceLabel}`}
      </Button>
    </form>
  );
}
