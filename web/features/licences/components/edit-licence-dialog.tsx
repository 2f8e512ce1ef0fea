import { useState, type FormEvent } from 'react';
import { type LicenceDetail, type LicenceStatus, type LicenceUpdate, type Plan } from '@common/licences';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useLicense } from '../api/get-license';
import { useUpdateLicense } from '../api/update-license';
import { fromDateInput, parseMaxActivations, toDateInput } from '../lib/licence-form';
import { LicenceSites } from './licence-sites';
import { PlanStatusFields } from './plan-status-fields';

export function EditLicenceDialog({ licenceId, onOpenChange }: { licenceId: number | null; onOpenChange: (open: boolean) => void }) {
  const licence = useLicense(licenceId);
  return (
    <Dialog open={licenceId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit License</DialogTitle>
          <DialogDescription className="font-mono">{licence.data?.key ?? ' '}</DialogDescription>
        </DialogHeader>
        {licence.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : licence.isError ? (
          <p className="text-sm text-destructive">{errorMessage(licence.error, 'Failed to load license')}</p>
        ) : (
          <>
            <EditForm key={licence.data.updated_at} licence={licence.data} onDone={() => onOpenChange(false)} />
            <LicenceSites licence={licence.data} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ licence, onDone }: { licence: LicenceDetail; onDone: () => void }) {
  const update = useUpdateLicense();
  const [plan, setPlan] = useState<Plan>(licence.plan);
  const [status, setStatus] = useState<LicenceStatus>(licence.status);
  const [maxActivations, setMaxActivations] = useState(String(licence.max_activations));
  const [expiry, setExpiry] = useState(toDateInput(licence.expires_at));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: LicenceUpdate = {};
    if (plan !== licence.plan) changes.plan = plan;
    if (status !== licence.status) changes.status = status;
    const max = parseMaxActivations(maxActivations);
    if (max !== licence.max_activations) changes.max_activations = max;
    if (expiry !== toDateInput(licence.expires_at)) changes.expires_at = fromDateInput(expiry);
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(
      { id: licence.id, changes },
      {
        onSuccess: () => {
          toast({ title: 'License Updated', description: licence.key });
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
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
