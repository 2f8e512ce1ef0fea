import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { SIGN_IN_REQUESTED_MESSAGE } from '@common/account';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useRequestSignIn } from '../api/request-sign-in';

/**
 * The e-mail form of the customer sign-in. After a submit it shows the same "Check your e-mail" text whatever
 * the address (the server answers alike for known and unknown addresses: no account enumeration).
 */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestSignIn();
  const trimmed = email.trim();
  // The form is replaced by the answer: keyboard and screen-reader users are taken to it rather than to <body>.
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sentTo !== null) sentHeading.current?.focus();
  }, [sentTo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    request.mutate(
      { email: trimmed },
      {
        onSuccess: () => setSentTo(trimmed),
        // A refused address reads as its own message ("Email must be a valid e-mail address…"), not the server's
        // whole "Invalid body: email: …" line.
        onError: (caught) => {
          const atField = fieldErrors(caught).email;
          setError(atField ? atField.charAt(0).toUpperCase() + atField.slice(1) : errorMessage(caught, 'Could not send the sign-in link. Please try again.'));
        },
      },
    );
  };

  if (sentTo !== null) {
    return (
      <div className="space-y-4 text-center" role="status" data-testid="sign-in-sent">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
        <h2 ref={sentHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Check your e-mail
        </h2>
        <p className="break-all font-medium">{sentTo}</p>
        {/* The server's one answer, word for word: nothing here depends on whether the address bought. */}
        <p className="text-muted-foreground">{SIGN_IN_REQUESTED_MESSAGE}</p>
        <Button
          variant="outline"
          onClick={() => {
            setSentTo(null);
            request.reset();
          }}
        >
          Use another address
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor="account-email">Email address</Label>
        <Input
          id="account-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={error !== null ? 'account-email-error account-email-help' : 'account-email-help'}
          aria-invalid={error !== null || undefined}
        />
        <p id="account-email-help" className="text-sm text-muted-foreground">
          The address you bought with. We e-mail you a link that signs you in: no password needed.
        </p>
      </div>
      {error && (
        <p id="account-email-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={trimmed === '' || !trimmed.includes('@') || request.isPending}>
        {request.isPending ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
