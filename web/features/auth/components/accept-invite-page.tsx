import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { PasswordField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { acceptInvite } from '../api/staff-login';
import { AuthCard, AuthForm } from './auth-form';

/** /team/accept?token=…: the invited staff member chooses a password (docs/team.md), then signs in as staff. */
export function AcceptInvitePage() {
  usePageMeta('Join the team');
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async () => {
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
    <AuthCard icon={<UserPlus className="size-6" />} title="Join the team" description="Choose the password you will sign in with.">
      {done ? (
        <div className="space-y-4 text-center" data-testid="invite-accepted">
          <p>Your password is set. Sign in as staff with {done}.</p>
          <Button asChild className="w-full">
            <a href="/admin">Go to sign-in</a>
          </Button>
        </div>
      ) : (
        <AuthForm onSubmit={() => void submit()} error={error} busy={isBusy} label="Set password">
          <PasswordField isNew id="new-password" label="New password (at least 10 characters)" value={password} onChange={setPassword} />
          <PasswordField isNew id="repeat-password" label="Repeat the password" value={repeat} onChange={setRepeat} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
