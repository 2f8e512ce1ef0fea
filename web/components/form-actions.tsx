import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * A form's Cancel and submit buttons, the submit one saying `pendingLabel` while the form is sent. In a dialog's
 * footer, or in a `<div>` with `className` when given. `form` names the form when the buttons stand outside it.
 */
export function FormActions({
  label,
  pendingLabel,
  isPending,
  onCancel,
  cancelLabel = 'Cancel',
  isCancelDisabled,
  isSubmitDisabled = isPending,
  form,
  className,
}: {
  label: string;
  pendingLabel?: string;
  isPending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  isCancelDisabled?: boolean;
  isSubmitDisabled?: boolean;
  form?: string;
  className?: string;
}) {
  const buttons = (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isCancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={form} disabled={isSubmitDisabled}>
        {isPending && pendingLabel ? pendingLabel : label}
      </Button>
    </>
  );
  return className === undefined ? <DialogFooter>{buttons}</DialogFooter> : <div className={className}>{buttons}</div>;
}
