import { useState } from 'react';
import { Clock, Lock } from 'lucide-react';
import { PasswordField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { login } from '../api/login';
import { passkeySignIn } from '../api/staff-login';
import { useSession } from '../session';
import { AuthCard, AuthForm } from './auth-form';
import { StaffLogin } from './staff-login';

export function LoginPage() {
  usePageMeta('Sign In');
  const { signedIn, ended } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The second mode (docs/team.md): staff members sign in with their e-mail address; the owner's form stays as specified.
  const [staff, setStaff] = useState(false);

  const submit = async () => {
    if (!password.trim()) {
      setError('Password is required');
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const first = await login(password);
      // An owner who added a passkey (docs/team.md) confirms with it: the browser asks for it at once.
      const answer = first.challenge && first.second_factor === 'passkey' ? await passkeySignIn(first.challenge) : first;
      if (answer.success && answer.expiresAt) signedIn(answer.expiresAt);
      else setError(answer.message || 'Login failed');
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.serverMessage ?? 'Login failed') : 'Authentication failed');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard icon={<Lock className="size-6" />} title="Admin Login" description="Secure access to the plugin licensing system">
      {ended && (
        <Alert className="mb-4" data-testid="session-ended">
          <Clock />
          <AlertDescription>Your session has ended. Sign in again to carry on where you were.</AlertDescription>
        </Alert>
      )}
      {staff ? (
        <StaffLogin onSignedIn={signedIn} />
      ) : (
        <AuthForm onSubmit={() => void submit()} error={error} busy={isBusy} label="Sign In" busyLabel="Signing In...">
          <PasswordField id="password" placeholder="Enter admin password" value={password} onChange={setPassword} disabled={isBusy} autoFocus />
        </AuthForm>
      )}
      <Button type="button" variant="link" className="mt-2 w-full" onClick={() => setStaff((value) => !value)}>
        {staff ? 'Owner sign-in' : 'Staff sign-in'}
      </Button>
      <p className="mt-6 text-center text-xs text-muted-foreground">License validation endpoints remain publicly accessible for WordPress sites.</p>
    </AuthCard>
  );
}
