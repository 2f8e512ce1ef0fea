import { useState } from 'react';
import { PasswordField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useChangePassword } from '../api/change-password';
import { SettingsCard } from './settings-card';

const SIGN_IN_AGAIN_DELAY_MS = 1500;

/** The card's texts. */
const CARD = {
  title: 'Change Admin Password',
  description: 'At least 10 characters. Every signed-in session ends.',
  submitLabel: 'Change Password',
  pendingLabel: 'Changing...',
};

/** Changing the password ends every session, this one included, so the page returns to the login screen. */
export function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = () => {
    setError(null);
    if (next !== confirm) {
      setError('The new passwords do not match');
      return;
    }
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          toast({ title: 'Password Changed', description: 'Sign in again with the new password.' });
          setTimeout(() => window.location.reload(), SIGN_IN_AGAIN_DELAY_MS);
        },
        onError: (caught) => setError(errorMessage(caught, 'Failed to change the password')),
      },
    );
  };

  return (
    <SettingsCard {...CARD} onSubmit={submit} form={{ error, pending: change.isPending }}>
      <PasswordField id="current-password" label="Current password" value={current} onChange={setCurrent} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField id="new-password" label="New password" isNew value={next} onChange={setNext} />
        <PasswordField id="confirm-password" label="Confirm new password" isNew value={confirm} onChange={setConfirm} />
      </div>
    </SettingsCard>
  );
}
