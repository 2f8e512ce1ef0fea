import { useState, type FormEvent } from 'react';
import { AlertCircle, Clock, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { login } from '../api/login';
import { passkeySignIn } from '../api/staff-login';
import { useSession } from '../session';
import { StaffLogin } from './staff-login';

export function LoginPage() {
  usePageMeta('Sign In');
  const { signedIn, ended } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The second mode (docs/team.md): staff members sign in with their e-mail address; the owner's form stays as specified.
  const [staff, setStaff] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
            <Lock className="size-6" />
          </div>
          <CardTitle className="text-2xl">
            <h1>Admin Login</h1>
          </CardTitle>
          <CardDescription>Secure access to the plugin licensing system</CardDescription>
        </CardHeader>
        <CardContent>
          {ended && (
            <Alert className="mb-4" data-testid="session-ended">
              <Clock />
              <AlertDescription>Your session has ended. Sign in again to carry on where you were.</AlertDescription>
            </Alert>
          )}
          {staff ? (
            <StaffLogin onSignedIn={signedIn} />
          ) : (
            <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
              <div className="space-y-2">
                <Label htmlFor="password">Password</Label>
                <Input
                  id="password"
                  type="password"
                  autoComplete="current-password"
                  placeholder="Enter admin password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  disabled={isBusy}
                  autoFocus
                />
              </div>
              {error && (
                <Alert variant="destructive">
                  <AlertCircle />
                  <AlertDescription>{error}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" className="w-full" disabled={isBusy}>
                {isBusy ? 'Signing In...' : 'Sign In'}
              </Button>
            </form>
          )}
          <Button type="button" variant="link" className="mt-2 w-full" onClick={() => setStaff((value) => !value)}>
            {staff ? 'Owner sign-in' : 'Staff sign-in'}
          </Button>
          <p className="mt-6 text-center text-xs text-muted-foreground">License validation endpoints remain publicly accessible for WordPress sites.</p>
        </CardContent>
      </Card>
    </main>
  );
}
