import { LICENCE_STATUSES, PLANS, PLAN_LABELS, type LicenseStatus, type Plan } from '@common/licenses';
import { SelectField, toOptions } from '@/components/option-select';

const PLAN_OPTIONS = toOptions(PLANS, (plan) => PLAN_LABELS[plan]);
const STATUS_OPTIONS = LICENCE_STATUSES.map((status) => ({ value: status, label: status, className: 'capitalize' }));

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
      <SelectField id={`${idPrefix}-plan`} label="Plan" value={plan} onChange={onPlanChange} options={PLAN_OPTIONS} />
      <SelectField id={`${idPrefix}-status`} label="Status" value={status} onChange={onStatusChange} options={STATUS_OPTIONS} />
    </>
  );
}
