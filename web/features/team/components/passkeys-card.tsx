import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** A member's own passkeys (docs/team.md): the second factor after the password, or sign-in without it. */
export function PasskeysCard() {
  const { data } = usePasskeys(true);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || 'Passkey', {
      onSuccess: () => {
        setName('');
        toast({ title: 'Passkey added' });
      },
      onError: (error) => toast({ title: 'The passkey was not added', description: errorMessage(error, 'Try again'), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Passkeys</h2>
        </CardTitle>
        <CardDescription>
          A passkey on this device or a security key confirms your sign-in after the password, or signs you in without it (“Sign in with a passkey”).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="space-y-1">
            <Label htmlFor="passkey-name">Name</Label>
            <Input id="passkey-name" value={name} onChange={(event) => setName(event.target.value)} placeholder="Laptop" className="w-64" />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for the passkey...' : 'Add a passkey'}
          </Button>
        </form>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Added</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {(data?.passkeys ?? []).map((passkey) => (
              <TableRow key={passkey.id}>
                <TableCell>{passkey.name}</TableCell>
                <TableCell>{day(passkey.created_at)}</TableCell>
                <TableCell>{day(passkey.last_used_at)}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      remove.mutate(passkey.id, {
                        onError: (error) =>
                          toast({ title: 'The passkey was not removed', description: errorMessage(error, 'Try again'), variant: 'destructive' }),
                      })
                    }
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
