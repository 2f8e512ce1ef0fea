import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@common/webhooks';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/webhook-endpoints';
import { CopyField } from './copy-field';
import { FormError, TextField } from '@/components/form-field';

/**
 * A refused save: the URL's problem under the URL field (the server's "Invalid body: url: …" line without its
 * prefix), anything else under the form.
 */
function splitError(caught: unknown, fallback: string): { url: string | undefined; form: string | null } {
  const url = fieldErrors(caught).url;
  return { url, form: url ? null : errorMessage(caught, fallback) };
}

const failed = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error, 'The server did not answer'), variant: 'destructive' });

/** Checkboxes for the event filter; none ticked means every event. */
function EventChoices({ idPrefix, value, onChange }: { idPrefix: string; value: WebhookEventType[]; onChange: (next: WebhookEventType[]) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">Events</legend>
      <p className="text-xs text-muted-foreground">Tick none to receive every event.</p>
      <div className="grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 font-mono text-xs" htmlFor={`${idPrefix}-${type}`}>
            <input
              id={`${idPrefix}-${type}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(type)}
              onChange={(event) => onChange(event.target.checked ? [...value, type] : value.filter((one) => one !== type))}
            />
            {type}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (url: string, secret: string) => void }) {
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendTestWebhook();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(endpoint.url);
  const [events, setEvents] = useState(endpoint.events);
  const [error, setError] = useState<{ url: string | undefined; form: string | null }>({ url: undefined, form: null });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError({ url: undefined, form: null });
    update.mutate(
      { id: endpoint.id, changes: { url: url.trim(), events } },
      { onSuccess: () => setEditing(false), onError: (caught) => setError(splitError(caught, 'Failed to save the endpoint')) },
    );
  };

  return (
    <li className="space-y-3 rounded-md border p-3" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-mono text-sm">{endpoint.url}</span>
        <Badge variant={endpoint.active ? 'success' : 'secondary'}>{endpoint.active ? 'Active' : 'Paused'}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {endpoint.events.length === 0 ? 'Every event' : endpoint.events.join(', ')} · secret {endpoint.secret_hint}
      </p>
      {editing ? (
        <form className="space-y-3" onSubmit={save} noValidate>
          <TextField
            wrapperClassName="space-y-1"
            id={`endpoint-url-${endpoint.id}`}
            label="Endpoint URL"
            type="url"
            value={url}
            onChange={setUrl}
            error={error.url}
          />
          <EventChoices idPrefix={`endpoint-${endpoint.id}-event`} value={events} onChange={setEvents} />
          <FormError message={error.form} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label className="mr-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={endpoint.active}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ id: endpoint.id, changes: { active: event.target.checked } }, { onError: failed('Failed to change the endpoint') })
              }
              aria-label={`Active: ${endpoint.url}`}
            />
            Active
          </label>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={test.isPending || !endpoint.active}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => toast({ title: 'Test Event Queued', description: 'See its delivery in the webhook delivery log.' }),
                onError: failed('Failed to send the test event'),
              })
            }
          >
            Send test event
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={rotate.isPending}
            onClick={() => {
              if (!window.confirm('Rotate the signing secret? Deliveries are signed with the new one at once; update your receiver.')) return;
              rotate.mutate(endpoint.id, { onSuccess: (answer) => onSecret(answer.url, answer.secret), onError: failed('Failed to rotate the secret') });
            }}
          >
            Rotate secret
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(`Delete the endpoint ${endpoint.url}? Its delivery log goes with it.`)) return;
              remove.mutate(endpoint.id, { onError: failed('Failed to delete the endpoint') });
            }}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** The webhook endpoints: where events are POSTed, each signed with its own secret (docs/webhooks.md). */
export function WebhookEndpointsCard() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<{ url: string | undefined; form: string | null }>({ url: undefined, form: null });
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setError({ url: undefined, form: null });
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (answer) => {
          setShown({ url: answer.url, secret: answer.secret });
          setUrl('');
          setEvents([]);
          toast({ title: 'Endpoint Added', description: 'Copy its signing secret now: it will not be shown again.' });
        },
        onError: (caught) => setError(splitError(caught, 'Failed to add the endpoint')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook endpoints</CardTitle>
        <CardDescription>
          Orders, licences, site activations and releases are POSTed to these URLs as signed JSON, retried for 24 hours. See the{' '}
          <Link href="/webhooks" className="underline">
            webhook delivery log
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {shown && (
          <Alert>
            <KeyRound />
            <AlertTitle>Copy the signing secret of {shown.url} now. It will not be shown again.</AlertTitle>
            <AlertDescription className="w-full">
              <CopyField id="webhook-secret-value" label="Signing secret" value={shown.secret} />
            </AlertDescription>
          </Alert>
        )}
        {endpoints.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : endpoints.isError ? (
          <p className="text-sm text-destructive">{errorMessage(endpoints.error, 'Failed to load the webhook endpoints')}</p>
        ) : endpoints.data && endpoints.data.length > 0 ? (
          <ul className="space-y-3">
            {endpoints.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={(endpointUrl, secret) => setShown({ url: endpointUrl, secret })} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No webhook endpoints yet.</p>
        )}
        <form className="space-y-3 border-t pt-4" onSubmit={add} noValidate>
          <TextField
            wrapperClassName="space-y-1"
            id="new-webhook-url"
            label="Endpoint URL"
            type="url"
            placeholder="https://example.com/hooks/licensing"
            value={url}
            onChange={setUrl}
            error={error.url}
          />
          <EventChoices idPrefix="new-webhook-event" value={events} onChange={setEvents} />
          <FormError message={error.form} />
          <Button type="submit" disabled={create.isPending || (endpoints.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS}>
            {create.isPending ? 'Adding...' : 'Add endpoint'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
