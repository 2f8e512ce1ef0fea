import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
          <div className="space-y-1">
            <Label htmlFor="ownership-heir">New owner</Label>
            <select
              id="ownership-heir"
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
              value={memberId}
              onChange={(event) => setMemberId(event.target.value)}
            >
              <option value="">Choose an admin</option>
              {admins.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.email}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="ownership-email">Your sign-in e-mail as an admin</Label>
            <Input id="ownership-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} className="w-64" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="ownership-password">Your password</Label>
            <Input
              id="ownership-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className="w-56"
            />
          </div>
          <Button type="submit" variant="destructive" disabled={transfer.isPending || !memberId}>
            Hand ownership over
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
