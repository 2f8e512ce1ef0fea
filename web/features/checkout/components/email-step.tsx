import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Step 1: the buyer's e-mail. Continue is disabled while it is empty, has no '@', or a request is in flight. */
export function EmailStep({ initialEmail, isPending, onContinue }: { initialEmail: string; isPending: boolean; onContinue: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const trimmed = email.trim();
  const canContinue = trimmed !== '' && trimmed.includes('@') && !isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canContinue) onContinue(trimmed);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="checkout-email">Email address</Label>
        <Input
          id="checkout-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p className="text-sm text-muted-foreground">Your license key will be sent to this address.</p>
      </div>
      <Button type="submit" className="w-full" disabled={!canContinue}>
        Continue to Payment
      </Button>
    </form>
  );
}
