import { useState } from 'react';
import { FormError, PasswordField, TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { passkeySignIn, staffEnrol, staffLogin, staffSecondFactor } from '../api/staff-login';
import { AuthForm } from './auth-form';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string; totp: boolean; passkey: boolean }
  | { kind: 'enrol'; challenge: string; secret: string }
  | { kind: 'codes'; codes: string[]; expiresAt: string };

/** The login screen's second mode (docs/team.md): staff sign in with e-mail and password, then a second factor. */
export function StaffLogin({ onSignedIn }: { onSignedIn: (expiresAt: string) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setIsBusy(true);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.serverMessage ?? 'Sign-in failed') : 'Sign-in failed');
      if (step.kind !== 'password') setStep({ kind: 'password' });
    } finally {
      setIsBusy(false);
    }
  };

  const submitPassword = () => {
    void run(async () => {
      const answer = await staffLogin(email, password);
      if (answer.success && answer.expiresAt) return onSignedIn(answer.expiresAt);
      if (answer.challenge && answer.second_factor === 'enrol') {
        const { secret } = await staffEnrol(answer.challenge);
        setStep({ kind: 'enrol', challenge: answer.challenge, secret });
      } else if (answer.challenge) {
        setStep({ kind: 'code', challenge: answer.challenge, totp: answer.second_factor === 'totp', passkey: answer.passkey === true });
      }
      setCode('');
    });
  };

  const submitCode = () => {
    if (step.kind !== 'code' && step.kind !== 'enrol') return;
    void run(async () => {
      const answer = await staffSecondFactor(step.challenge, code);
      if (!answer.expiresAt) throw new Error(answer.message);
      if (answer.recovery_codes) setStep({ kind: 'codes', codes: answer.recovery_codes, expiresAt: answer.expiresAt });
      else onSignedIn(answer.expiresAt);
    });
  };

  /** With the password step's challenge: the passkey as second factor; without: the passkey alone. */
  const signInWithPasskey = (challenge?: string) =>
    void run(async () => {
      const answer = await passkeySignIn(challenge);
      if (!answer.expiresAt) throw new Error(answer.message);
      onSignedIn(answer.expiresAt);
    });

  if (step.kind === 'codes') {
    return (
      <div className="space-y-4" data-testid="recovery-codes">
        <p className="text-sm">Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone.</p>
        <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
          {step.codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <Button className="w-full" onClick={() => onSignedIn(step.expiresAt)}>
          I have saved them
        </Button>
      </div>
    );
  }

  if (step.kind === 'code' && !step.totp) {
    return (
      <div className="space-y-4">
        <p className="text-sm">Confirm the sign-in with your passkey.</p>
        <FormError message={error} />
        <Button className="w-full" onClick={() => signInWithPasskey(step.challenge)} disabled={isBusy}>
          {isBusy ? 'Waiting for the passkey...' : 'Use my passkey'}
        </Button>
      </div>
    );
  }

  if (step.kind === 'code' || step.kind === 'enrol') {
    return (
      <AuthForm
        onSubmit={submitCode}
        error={error}
        busy={isBusy}
        label="Verify"
        busyLabel="Checking..."
        after={
          step.kind === 'code' &&
          step.passkey && (
            <Button type="button" variant="outline" className="w-full" onClick={() => signInWithPasskey(step.challenge)} disabled={isBusy}>
              Use my passkey instead
            </Button>
          )
        }
      >
        {step.kind === 'enrol' && (
          <div className="space-y-1 text-sm">
            <p>The shop owner requires two-factor sign-in. Add this key to your authenticator app, then enter the code it shows.</p>
            <p className="break-all rounded bg-muted p-2 font-mono" data-testid="totp-secret">
              {step.secret}
            </p>
          </div>
        )}
        <TextField
          id="staff-code"
          label={step.kind === 'enrol' ? 'Code from the app' : 'Code from your authenticator app, or a recovery code'}
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          disabled={isBusy}
          autoFocus
        />
      </AuthForm>
    );
  }

  return (
    <AuthForm
      onSubmit={submitPassword}
      error={error}
      busy={isBusy}
      label="Sign In"
      busyLabel="Signing In..."
      after={
        <Button type="button" variant="outline" className="w-full" onClick={() => signInWithPasskey()} disabled={isBusy}>
          Sign in with a passkey
        </Button>
      }
    >
      <TextField id="staff-email" label="E-mail address" type="email" autoComplete="username" value={email} onChange={setEmail} disabled={isBusy} autoFocus />
      <PasswordField id="staff-password" value={password} onChange={setPassword} disabled={isBusy} />
    </AuthForm>
  );
}
