import { useState, type FormEvent } from 'react';
import { RefreshCw } from 'lucide-react';
import { generateLicenseKey } from '@common/license-key';
import { DEFAULT_MAX_ACTIVATIONS, type LicenseStatus, type Plan } from '@common/licenses';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PluginSelect } from '@/components/plugin-select';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { useStoreIdentity } from '@/lib/brand';
import { useCreateLicense } from '../api/create-license';
import { parseMaxActivations } from '../lib/license-form';
import { PlanStatusFields } from './plan-status-fields';
import { FormActions } from '@/components/form-actions';

const DEFAULT_PLUGIN = 'ucre';

export function CreateLicenseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const plugins = useAdminPlugins();
  const create = useCreateLicense();
  const [key, setKey] = useState('');
  const [pluginSlug, setPluginSlug] = useState<string>('');
  const [plan, setPlan] = useState<Plan>('pro_yearly');
  const [status, setStatus] = useState<LicenseStatus>('active');
  const [maxActivations, setMaxActivations] = useState(String(DEFAULT_MAX_ACTIVATIONS));
  const [keyTouched, setKeyTouched] = useState(false);
  const [customerEmail, setCustomerEmail] = useState('');
  // The vendor's key prefix (Storefront page; the demo shop's is 8022): Generate makes a key as the server would.
  const keyPrefix = useStoreIdentity().license_key_prefix;
  const keyError = keyTouched && !key.trim() ? 'License key is required' : null;

  const pluginList = plugins.data ?? [];
  const selectedPlugin = pluginSlug || (pluginList.some((p) => p.slug === DEFAULT_PLUGIN) ? DEFAULT_PLUGIN : (pluginList[0]?.slug ?? ''));

  const reset = () => {
    setKey('');
    setPluginSlug('');
    setPlan('pro_yearly');
    setStatus('active');
    setMaxActivations(String(DEFAULT_MAX_ACTIVATIONS));
    setKeyTouched(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) {
      setKeyTouched(true);
      return;
    }
    create.mutate(
      {
        key: key.trim(),
        plugin_slug: selectedPlugin,
        plan,
        status,
        max_activations: parseMaxActivations(maxActivations),
        ...(customerEmail.trim() ? { customer_email: customerEmail.trim() } : {}),
      },
      {
        onSuccess: (license) => {
          toast({ title: 'License Created', description: license.key });
          reset();
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to create license'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New License</DialogTitle>
          <DialogDescription>Issue a licence key for a plugin.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-2">
            <Label htmlFor="licence-key">License Key</Label>
            <div className="flex gap-2">
              <Input
                id="licence-key"
                value={key}
                onChange={(e) => setKey(e.target.value)}
                onBlur={() => setKeyTouched(true)}
                placeholder={`${keyPrefix || 'XXXX'}-XXXX-XXXX-XXXX-XXXX`}
                className="font-mono"
                aria-invalid={keyError ? true : undefined}
                required
              />
              <Button type="button" variant="outline" onClick={() => setKey(generateLicenseKey(keyPrefix))}>
                <RefreshCw />
                Generate
              </Button>
            </div>
            {keyError && <p className="text-sm text-destructive">{keyError}</p>}
          </div>
          <PluginSelect id="licence-plugin" plugins={pluginList} value={selectedPlugin} onChange={setPluginSlug} />
          <div className="grid grid-cols-2 gap-4">
            <PlanStatusFields idPrefix="licence" plan={plan} onPlanChange={setPlan} status={status} onStatusChange={setStatus} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="licence-max">Max Activations</Label>
            <Input id="licence-max" type="number" min={1} max={100} value={maxActivations} onChange={(e) => setMaxActivations(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="licence-customer-email">Customer e-mail (optional)</Label>
            <Input id="licence-customer-email" type="email" maxLength={254} value={customerEmail} onChange={(e) => setCustomerEmail(e.target.value)} />
            <p className="text-xs text-muted-foreground">The licence then shows under this customer, who can see it in their account.</p>
          </div>
          <FormActions
            label="Create License"
            pendingLabel="Creating License..."
            isPending={create.isPending}
            isSubmitDisabled={!key.trim() || !selectedPlugin || create.isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
