import { useState, type FormEvent } from 'react';
import { AlertCircle, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { acceptInvite } from '../api/staff-login';

/** /team/accept?token=…: the invited staff member chooses a password (docs/team.md), then signs in as staff. */
export function AcceptInvitePage() {
  usePageMeta('Join the team');
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) return setError('The two passwords differ');
    setError(null);
    setIsBusy(true);
    try {
      setDone((await acceptInvite(token, password)).email);
    } catch (caught) {
      setError(errorMessage(caught, 'The password could not be set'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10">
            <UserPlus className="size-6" />
          </div>
          <CardTitle className="text-2xl">
            <h1>Join the team</h1>
          </CardTitle>
          <CardDescription>Choose the password you will sign in with.</CardDescription>
        </CardHeader>
        <CardContent>
          {done ? (
            <div className="space-y-4 text-center" data-testid="invite-accepted">
              <p>Your password is set. Sign in as staff with {done}.</p>
              <Button asChild className="w-full">
                <a href="/admin">Go to sign-in</a>
              </Button>
            </div>
          ) : (
            <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
              <div className="space-y-2">
                <Label htmlFor="new-password">New password (at least 10 characters)</Label>
                <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="repeat-password">Repeat the password</Label>
                <Input id="repeat-password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
              </div>
              {error && (
                <Alert variant="destructive">
                  <AlertCircle />
                  <AlertDescription>{error}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" className="w-full" disabled={isBusy}>
                Set password
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
