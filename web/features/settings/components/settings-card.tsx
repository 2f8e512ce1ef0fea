import { useState, type FormEvent, type ReactNode } from 'react';
import type { SettingsResponse, SettingsUpdate } from '@common/settings';
import { FormError } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useUpdateSettings } from '../api/update-settings';

/** Text to numbers: an empty entry is NaN (null on the wire), so the server answers its own "must be a whole number". */
export const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** One entry a line, trimmed, empty lines dropped. */
export const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "-30, -7, 0, 7" → numbers; an entry that is no number is sent as NaN (null on the wire), so the server names the problem. */
export const toDays = (text: string): number[] =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((entry) => (/^[+-]?\d+$/.test(entry) ? Number(entry) : Number.NaN));

/**
 * Saving part of the settings: problems with the given fields are shown at the fields (`errors`); anything
 * else as one message under the form (`error`).
 */
export function useSettingsForm(fields: readonly string[], failure: string) {
  const update = useUpdateSettings();
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = (patch: SettingsUpdate, onSaved: (saved: SettingsResponse) => void) => {
    setError(null);
    setErrors({});
    update.mutate(patch, {
      onSuccess: onSaved,
      onError: (caught) => {
        const byField = Object.entries(fieldErrors(caught));
        const shown = byField.filter(([field]) => fields.includes(field));
        setErrors(Object.fromEntries(shown));
        setError(shown.length > 0 && shown.length === byField.length ? null : errorMessage(caught, failure));
      },
    });
  };
  return { save, error, setError, errors, pending: update.isPending };
}

/** A settings card: its title and description, one form, the form's problem and its save button. */
export function SettingsCard(props: {
  title: ReactNode;
  description: ReactNode;
  testId?: string;
  onSubmit: () => void;
  /** The form's problem and whether it is saving. */
  form: { error: string | null; pending: boolean };
  submitLabel: string;
  pendingLabel?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Card data-testid={props.testId}>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className={props.formClassName ?? 'space-y-4'} onSubmit={submit} noValidate>
          {props.children}
          <FormError message={props.form.error} />
          <Button type="submit" disabled={props.form.pending}>
            {props.form.pending ? (props.pendingLabel ?? 'Saving...') : props.submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
