import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPES } from '@common/permissions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { ListCard } from './list-card';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** API keys for automation (docs/team.md): scopes, shown once, last use, expiry, revocation. */
export function ApiKeysCard() {
  const { data } = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['releases:write']);
  const [shown, setShown] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scopes: scopes as typeof API_KEY_SCOPES },
      {
        onSuccess: (key) => {
          setShown(key.token);
          setName('');
        },
        onError: (error) => toast({ title: 'The key was not created', description: errorMessage(error, 'Try again'), variant: 'destructive' }),
      },
    );
  };

  return (
    <ListCard
      title="API keys"
      description="For scripts and CI: send a key as “Authorization: Bearer …”. It reaches only the routes its scopes open."
      headings={['Name', 'Key', 'Scopes', 'Last used', 'Expires', {}]}
      before={
        <>
          {shown && (
            <div className="rounded-md border p-3 text-sm" data-testid="new-api-key">
              <p>Copy this key now: it is not shown again.</p>
              <p className="break-all font-mono">{shown}</p>
            </div>
          )}
          <form onSubmit={submit} className="space-y-2" noValidate>
            <div className="space-y-1">
              <Label htmlFor="api-key-name">Name</Label>
              <Input id="api-key-name" value={name} onChange={(event) => setName(event.target.value)} className="w-64" />
            </div>
            <fieldset className="flex flex-wrap gap-3 text-sm">
              <legend className="mb-1 font-medium">Scopes</legend>
              {API_KEY_SCOPES.map((scope) => (
                <label key={scope} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={scopes.includes(scope)}
                    onChange={(event) => setScopes((now) => (event.target.checked ? [...now, scope] : now.filter((item) => item !== scope)))}
                  />
                  {scope}
                </label>
              ))}
            </fieldset>
            <Button type="submit" disabled={create.isPending}>
              Create key
            </Button>
          </form>
        </>
      }
    >
      {(data?.keys ?? []).map((key) => (
        <TableRow key={key.id}>
          <TableCell>{key.name}</TableCell>
          <TableCell className="font-mono">{key.prefix}…</TableCell>
          <TableCell>{key.scopes.join(', ')}</TableCell>
          <TableCell>{day(key.last_used_at)}</TableCell>
          <TableCell>{day(key.expires_at)}</TableCell>
          <TableCell className="text-right">
            {key.revoked_at ? (
              `Revoked ${day(key.revoked_at)}`
            ) : (
              <Button variant="outline" size="sm" onClick={() => revoke.mutate(key.id)}>
                Revoke
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListCard>
  );
}
