import { useState, type FormEvent } from 'react';
import { Tag, X } from 'lucide-react';
import type { CouponCheckResponse } from '@common/coupons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useCheckCoupon } from '../api/check-coupon';

export type AppliedCoupon = Extract<CouponCheckResponse, { valid: true }>;

/**
 * The order summary's "Apply code": asks the server what the code takes off this tier (docs/pricing.md "Coupons");
 * the checkout then sends the code and the total, and the server prices it again.
 */
export function CouponField({
  pluginSlug,
  priceId,
  applied,
  disabled,
  error,
  onApplied,
}: {
  pluginSlug: string;
  priceId: number;
  applied: AppliedCoupon | null;
  disabled: boolean;
  /** A refusal from the checkout itself (the code was used up meanwhile). */
  error: string | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
}) {
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = useCheckCoupon();
  const message = refusal ?? error;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    setRefusal(null);
    check.mutate(
      { coupon_code: trimmed, plugin: pluginSlug, price_id: priceId },
      {
        onSuccess: (answer) => {
          if (answer.valid) onApplied(answer);
          else setRefusal(answer.message);
        },
        onError: (failure) => setRefusal(errorMessage(failure, 'The code could not be checked. Please try again.')),
      },
    );
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-dashed p-2" data-testid="coupon-applied">
        <span className="flex items-center gap-2">
          <Tag className="size-4 text-green-600" aria-hidden="true" />
          <span>
            <span className="font-mono font-medium">{applied.code}</span> <span className="text-muted-foreground">({applied.label})</span>
          </span>
        </span>
        <Button type="button" size="sm" variant="ghost" disabled={disabled} onClick={() => onApplied(null)} aria-label={`Remove the code ${applied.code}`}>
          <X />
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={apply} className="space-y-2" aria-label="Apply a coupon code">
      <Label htmlFor="coupon-code">Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id="coupon-code"
          autoComplete="off"
          maxLength={40}
          placeholder="SPRING-20"
          value={code}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'coupon-code-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={disabled || check.isPending || code.trim() === ''}>
          {check.isPending ? 'Checking...' : 'Apply code'}
        </Button>
      </div>
      {message && (
        <p id="coupon-code-error" role="alert" className="text-sm text-destructive" data-testid="coupon-error">
          {message}
        </p>
      )}
    </form>
  );
}
