import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** One choice of a select: the value it stands for and the text shown (with the item's class, if any). */
export interface SelectOption<T extends string = string> {
  value: T;
  label: ReactNode;
  className?: string;
}

/** Choices from a list of values, each shown by `label` (the value itself without one). */
export const toOptions = <T extends string>(values: readonly T[], label?: (value: T) => ReactNode): Array<SelectOption<T>> =>
  values.map((value) => ({ value, label: label ? label(value) : value }));

export interface OptionSelectProps<T extends string> {
  value: string;
  onChange: (value: T) => void;
  options: ReadonlyArray<SelectOption<T>>;
  id?: string;
  placeholder?: string;
  ariaLabel?: string;
  ariaInvalid?: boolean;
  disabled?: boolean;
  triggerClassName?: string;
}

/** A select (the Radix one) over a list of choices; its trigger carries the id, name and state. */
export function OptionSelect<T extends string>(props: OptionSelectProps<T>) {
  return (
    <Select value={props.value} onValueChange={(value) => props.onChange(value as T)} disabled={props.disabled}>
      <SelectTrigger id={props.id} aria-label={props.ariaLabel} aria-invalid={props.ariaInvalid} className={props.triggerClassName}>
        <SelectValue placeholder={props.placeholder} />
      </SelectTrigger>
      <SelectContent>
        {props.options.map((option) => (
          <SelectItem key={option.value} value={option.value} className={option.className}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A labelled OptionSelect; what follows it in its cell (a problem, a hint) comes as children. */
export function SelectField<T extends string>({
  id,
  label,
  className = 'space-y-2',
  children,
  ...select
}: OptionSelectProps<T> & { id: string; label: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect id={id} {...select} />
      {children}
    </div>
  );
}

/** A labelled native select that starts with an empty choice (`prompt`); for forms that post or test plain values. */
export function NativeSelectField({
  id,
  label,
  prompt,
  options,
  value,
  onChange,
  className,
  wrapperClassName = 'space-y-2',
  disabled,
  required,
}: {
  id: string;
  label: ReactNode;
  prompt: string;
  options: ReadonlyArray<SelectOption>;
  value: string;
  onChange: (value: string) => void;
  className: string;
  wrapperClassName?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={className} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} required={required}>
        <option value="">{prompt}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
