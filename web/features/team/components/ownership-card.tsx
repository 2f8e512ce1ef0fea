import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordField, TextField } from '@/components/form-field';
import { NativeSelectField } from '@/components/option-select';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useTeam, useTransferOwnership } from '../api/team';

/** The owner hands ownership to an admin (docs/team.md), confirming with their password; they become an admin. */
export function OwnershipCard() {
  const { data } = useTeam();
  const transfer = useTransferOwnership();
  const admins = (data?.members ?? []).filter((member) => member.role === 'admin' && member.status === 'active');
  const [memberId, setMemberId] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const heir = admins.find((member) => String(member.id) === memberId);
    if (!heir || !window.confirm(`Hand the shop’s ownership to ${heir.email}? You become an admin.`)) return;
    transfer.mutate(
      { member_id: heir.id, email, password },
      {
        onSuccess: (answer) => {
          toast({ title: 'Ownership handed over', description: answer.message });
          window.setTimeout(() => window.location.reload(), 1500);
        },
        onError: (error) => toast({ title: 'Ownership was not handed over', description: errorMessage(error, 'Try again'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Ownership</h2>
        </CardTitle>
        <CardDescription>
          Hand the owner account to an admin: their password becomes the owner password, and you become an admin who signs in on “Staff sign-in”.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <NativeSelectField
            id="ownership-heir"
            label="New owner"
            prompt="Choose an admin"
            wrapperClassName="space-y-1"
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
            value={memberId}
            onChange={setMemberId}
            options={admins.map((member) => ({ value: String(member.id), label: member.email }))}
          />
          <TextField
            id="ownership-email"
            label="Your sign-in e-mail as an admin"
            type="email"
            wrapperClassName="space-y-1"
            className="w-64"
            value={email}
            onChange={setEmail}
          />
          <PasswordField id="ownership-password" label="Your password" wrapperClassName="space-y-1" className="w-56" value={password} onChange={setPassword} />
          <Button type="submit" variant="destructive" disabled={transfer.isPending || !memberId}>
            Hand ownership over
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
