import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * A form's Cancel and submit buttons, the submit one saying `pendingLabel` while the form is sent (Cancel too is
 * disabled then when `isCancelLocked`). In a dialog's footer, or in a `<div>` with `className` when given. `form`
 * names the form when the buttons stand outside it.
 */
export function FormActions({
  label,
  pendingLabel = 'Saving...',
  isPending,
  onCancel,
  cancelLabel = 'Cancel',
  isCancelLocked = false,
  isSubmitDisabled = isPending,
  form,
  className,
}: {
  label: string;
  pendingLabel?: string;
  isPending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  isCancelLocked?: boolean;
  isSubmitDisabled?: boolean;
  form?: string;
  className?: string;
}) {
  const buttons = (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={isCancelLocked && isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={form} disabled={isSubmitDisabled}>
        {isPending ? pendingLabel : label}
      </Button>
    </>
  );
  return className === undefined ? <DialogFooter>{buttons}</DialogFooter> : <div className={className}>{buttons}</div>;
}
