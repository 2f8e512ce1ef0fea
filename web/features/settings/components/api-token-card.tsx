import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { SettingsResponse } from '@common/settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useRotateApiToken } from '../api/rotate-api-token';
import { CopyField } from './copy-field';
import { formatDateTime } from '@/lib/dates';

/** The admin API token for scripts (Authorization: Bearer …): stored hashed, shown once when made. */
export function ApiTokenCard({ settings }: { settings: SettingsResponse }) {
  const rotate = useRotateApiToken();
  const [token, setToken] = useState<string | null>(null);
  const isSet = settings.api_token.is_set;

  const generate = () => {
    if (isSet && !window.confirm('Rotate the API token? Scripts using the current token stop working.')) return;
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setToken(answer.token);
        toast({ title: isSet ? 'API Token Rotated' : 'API Token Created', description: 'Copy it now: it will not be shown again.' });
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to create the API token'), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin API Token</CardTitle>
        <CardDescription>
          For scripts such as CI uploading a release: send <code>Authorization: Bearer &lt;token&gt;</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="api-token-status">
          {isSet
            ? `A token is set${settings.api_token.created_at ? ` (created ${formatDateTime(settings.api_token.created_at)})` : ''}.`
            : 'No token has been created yet.'}
        </p>
        {token && (
          <Alert>
            <KeyRound />
            <AlertTitle>Copy this token now. It will not be shown again.</AlertTitle>
            <AlertDescription className="w-full">
              <CopyField id="api-token-value" label="API token" value={token} />
            </AlertDescription>
          </Alert>
        )}
        <Button onClick={generate} disabled={rotate.isPending}>
          {rotate.isPending ? 'Generating...' : isSet ? 'Rotate Token' : 'Generate Token'}
        </Button>
      </CardContent>
    </Card>
  );
}
