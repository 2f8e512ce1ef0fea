import type { SettingsResponse } from '@common/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { CopyField } from './copy-field';

/** What to paste into the payment providers and the WordPress plugins, and the release-signing public key. */
export function EndpointsCard({ settings }: { settings: SettingsResponse }) {
  const base = (settings.base_url || window.location.origin).replace(/\/+$/, '');
  const urls = [
    { id: 'stripe-webhook-url', label: 'Stripe webhook URL', value: `${base}/api/webhooks/stripe` },
    { id: 'lemonsqueezy-webhook-url', label: 'Lemon Squeezy webhook URL', value: `${base}/api/webhooks/lemonsqueezy` },
    { id: 'licence-api-url', label: 'Licence API base URL', value: `${base}/api/v1` },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Provider Webhooks and Keys</CardTitle>
        <CardDescription>Addresses this server exposes, and the public key WordPress uses to verify signed updates.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {urls.map((url) => (
          <div key={url.id} className="space-y-2">
            <Label htmlFor={url.id}>{url.label}</Label>
            <CopyField id={url.id} label={url.label} value={url.value} />
          </div>
        ))}
        <div className="space-y-2">
          <Label htmlFor="signing-public-key">Release-signing public key (Ed25519, base64)</Label>
          {settings.signing_public_key ? (
            <CopyField id="signing-public-key" label="Release-signing public key" value={settings.signing_public_key} />
          ) : (
            <p className="text-sm text-muted-foreground">Not available yet: the key is created when the server starts.</p>
          )}
          <p className="text-xs text-muted-foreground">
            Add it to WordPress with the <code>wp_trusted_keys</code> filter. The private key never leaves the server.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
