import { useState, type FormEvent } from 'react';
import { type LicenseDetail, type LicenseStatus, type LicenseUpdate, type Plan } from '@common/licenses';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useLicense } from '../api/get-license';
import { useUpdateLicense } from '../api/update-license';
import { fromDateInput, parseMaxActivations, toDateInput } from '../lib/license-form';
import { LicenseSites } from './license-sites';
import { PlanStatusFields } from './plan-status-fields';
import { FormActions } from '@/components/form-actions';

export function EditLicenseDialog({ licenseId, onOpenChange }: { licenseId: number | null; onOpenChange: (open: boolean) => void }) {
  const license = useLicense(licenseId);
  return (
    <Dialog open={licenseId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit License</DialogTitle>
          <DialogDescription className="font-mono">{license.data?.key ?? ' '}</DialogDescription>
        </DialogHeader>
        {license.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : license.isError ? (
          <p className="text-sm text-destructive">{errorMessage(license.error, 'Failed to load license')}</p>
        ) : (
          <>
            <EditForm key={license.data.updated_at} license={license.data} onDone={() => onOpenChange(false)} />
            <LicenseSites license={license.data} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ license, onDone }: { license: LicenseDetail; onDone: () => void }) {
  const update = useUpdateLicense();
  const [plan, setPlan] = useState<Plan>(license.plan);
  const [status, setStatus] = useState<LicenseStatus>(license.status);
  const [maxActivations, setMaxActivations] = useState(String(license.max_activations));
  const [expiry, setExpiry] = useState(toDateInput(license.expires_at));
  const [beta, setBeta] = useState(license.channel === 'beta');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: LicenseUpdate = {};
    if (plan !== license.plan) changes.plan = plan;
    if (status !== license.status) changes.status = status;
    const max = parseMaxActivations(maxActivations);
    if (max !== license.max_activations) changes.max_activations = max;
    if (expiry !== toDateInput(license.expires_at)) changes.expires_at = fromDateInput(expiry);
    if (beta !== (license.channel === 'beta')) changes.channel = beta ? 'beta' : 'stable';
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(
      { id: license.id, changes },
      {
        onSuccess: () => {
          toast({ title: 'License Updated', description: license.key });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update license'), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid grid-cols-2 gap-4">
        <PlanStatusFields idPrefix="edit" plan={plan} onPlanChange={setPlan} status={status} onStatusChange={setStatus} />
        <div className="space-y-2">
          <Label htmlFor="edit-max">Max Activations</Label>
          <Input id="edit-max" type="number" min={1} max={100} value={maxActivations} onChange={(e) => setMaxActivations(e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="edit-expiry">Expires (empty: never)</Label>
          <Input id="edit-expiry" type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </div>
        <label className="col-span-2 flex items-center gap-2 text-sm" htmlFor="edit-beta">
          <input id="edit-beta" type="checkbox" checked={beta} onChange={(e) => setBeta(e.target.checked)} />
          Beta releases: this licence&apos;s sites get beta releases
        </label>
      </div>
      <FormActions label="Save Changes" isPending={update.isPending} onCancel={onDone} />
    </form>
  );
}
