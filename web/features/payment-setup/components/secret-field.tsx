import type { SecretView } from '@common/payment-setup';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What the page shows of a saved secret: never the value, its last four at most. */
export const secretStatus = (view: SecretView): string =>
  view.source === 'environment' ? 'set by the environment' : view.is_set ? `•••• ${view.last4 ?? ''}`.trim() : 'not set';

/** A write-only secret input: empty means "keep what is saved"; a value set by the environment cannot be typed over. */
export function SecretField(props: { id: string; label: string; view: SecretView; value: string; onChange: (value: string) => void; placeholder: string }) {
  const { id, label, view, value, onChange, placeholder } = props;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="off"
        disabled={view.source === 'environment'}
        placeholder={view.is_set ? `${secretStatus(view)} (type to replace)` : placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="text-xs text-muted-foreground" data-testid={`${id}-status`}>
        {secretStatus(view)}
      </p>
    </div>
  );
}
