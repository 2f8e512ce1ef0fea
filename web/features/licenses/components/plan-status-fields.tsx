import { LICENCE_STATUSES, PLANS, PLAN_LABELS, type LicenseStatus, type Plan } from '@common/licenses';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The Plan and Status selectors shared by the create and edit dialogs (two grid cells). */
export function PlanStatusFields({
  idPrefix,
  plan,
  onPlanChange,
  status,
  onStatusChange,
}: {
  idPrefix: string;
  plan: Plan;
  onPlanChange: (plan: Plan) => void;
  status: LicenseStatus;
  onStatusChange: (status: LicenseStatus) => void;
}) {
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-plan`}>Plan</Label>
        <Select value={plan} onValueChange={(value) => onPlanChange(value as Plan)}>
          <SelectTrigger id={`${idPrefix}-plan`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PLANS.map((p) => (
              <SelectItem key={p} value={p}>
                {PLAN_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-status`}>Status</Label>
        <Select value={status} onValueChange={(value) => onStatusChange(value as LicenseStatus)}>
          <SelectTrigger id={`${idPrefix}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LICENCE_STATUSES.map((s) => (
              <SelectItem key={s} value={s} className="capitalize">
                {s}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </>
  );
}
