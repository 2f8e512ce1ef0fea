import type { ComponentProps, ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The server's validation message under a form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A field's problem from the server, under its input; the input names it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message.charAt(0).toUpperCase() + message.slice(1)}
    </p>
  );
}

/** Props that mark an input invalid and point it at its FieldError (and its help text, when it has one). */
export const invalidProps = (errorId: string, message: string | undefined, helpId?: string) => ({
  'aria-invalid': message ? true : undefined,
  'aria-describedby': [message ? errorId : null, helpId ?? null].filter(Boolean).join(' ') || undefined,
});

/** A field's help text under it, named by the input's aria-describedby. */
export function FieldHelp({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

type InputAttributes = Pick<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'placeholder' | 'className' | 'autoComplete' | 'maxLength' | 'disabled' | 'autoFocus'
>;

type TextFieldProps = InputAttributes & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: ReactNode;
  helpId?: string;
  rows?: number;
  wrapperClassName?: string;
};

/**
 * A labelled text input (a textarea when `rows` is given) with its problem (`{id}-error`) and help text
 * (`{id}-help`, or `helpId`) under it.
 */
export function TextField({ id, label, value, onChange, error, help, helpId, rows, wrapperClassName = 'space-y-2', ...attributes }: TextFieldProps) {
  const describedBy = help === undefined ? undefined : (helpId ?? `${id}-help`);
  const shared = { id, value, ...invalidProps(`${id}-error`, error, describedBy) };
  const { type, ...textareaAttributes } = attributes;
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={id}>{label}</Label>
      {rows ? (
        <Textarea rows={rows} {...textareaAttributes} {...shared} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input type={type} {...textareaAttributes} {...shared} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} message={error} />
      {help !== undefined && <FieldHelp id={describedBy}>{help}</FieldHelp>}
    </div>
  );
}

/** A password TextField (labelled "Password" unless told): the browser offers the saved password, or a new one when `isNew`. */
export function PasswordField({
  isNew = false,
  label = 'Password',
  ...props
}: Omit<TextFieldProps, 'type' | 'rows' | 'autoComplete' | 'label'> & { isNew?: boolean; label?: ReactNode }) {
  return <TextField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} label={label} {...props} />;
}

/** A checkbox with its label, and help text under it when given. */
export function CheckboxField({
  checked,
  onChange,
  label,
  help,
  helpId,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  help?: ReactNode;
  helpId?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const box = (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={helpId}
        data-testid={testId}
      />
      {label}
    </label>
  );
  if (help === undefined) return box;
  return (
    <div className="space-y-1">
      {box}
      <FieldHelp id={helpId}>{help}</FieldHelp>
    </div>
  );
}
