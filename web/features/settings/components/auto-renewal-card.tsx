import { useState, type FormEvent } from 'react';
import { MAX_AUTO_RENEW_DAYS_BEFORE, MAX_AUTO_RENEW_RETRIES } from '@common/auto-renewal';
import { REMINDER_PLACEHOLDERS } from '@common/renewal-reminders';
import type { SettingsResponse, SettingsUpdate } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FieldError, FormError, invalidProps } from './form-error';

type WordingField =
  | 'auto_renew_failed_subject'
  | 'auto_renew_failed_body'
  | 'auto_renew_stopped_subject'
  | 'auto_renew_stopped_body'
  | 'auto_renew_reminder_subject'
  | 'auto_renew_reminder_body';

/** The wording fields, in the order shown. */
const WORDING: Array<{ field: WordingField; label: string; rows?: number }> = [
  { field: 'auto_renew_failed_subject', label: 'Subject (a payment failed)' },
  { field: 'auto_renew_failed_body', label: 'Message (a payment failed)', rows: 5 },
  { field: 'auto_renew_stopped_subject', label: 'Subject (the last retry failed: automatic renewal is off)' },
  { field: 'auto_renew_stopped_body', label: 'Message (the last retry failed)', rows: 5 },
  { field: 'auto_renew_reminder_subject', label: 'Reminder subject (before the expiry, when the licence renews automatically)' },
  { field: 'auto_renew_reminder_body', label: 'Reminder message (before the expiry, when the licence renews automatically)', rows: 5 },
];
const FORM_FIELDS = new Set<string>(['auto_renew_days_before', 'auto_renew_retry_days', ...WORDING.map((entry) => entry.field)]);

/** "1, 3, 7" → numbers; an entry that is no number is sent as NaN (null on the wire), so the server names the problem. */
const toDays = (text: string): number[] =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((entry) => (/^[+-]?\d+$/.test(entry) ? Number(entry) : Number.NaN));

/** Automatic renewal (docs/pricing.md): when the saved card is charged, the retries after a failure, the e-mails' wording. */
export function AutoRenewalCard({ settings }: { settings: SettingsResponse }) {
  const [daysBefore, setDaysBefore] = useState(String(settings.auto_renew_days_before));
  const [retryDays, setRetryDays] = useState(settings.auto_renew_retry_days.join(', '));
  const [wording, setWording] = useState<Record<WordingField, string>>(
    () => Object.fromEntries(WORDING.map(({ field }) => [field, settings[field]])) as Record<WordingField, string>,
  );
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    const patch: SettingsUpdate = {
      auto_renew_days_before: /^\d+$/.test(daysBefore.trim()) ? Number(daysBefore.trim()) : Number.NaN,
      auto_renew_retry_days: toDays(retryDays),
      ...wording,
    };
    update.mutate(patch, {
      onSuccess: (saved) => {
        setRetryDays(saved.auto_renew_retry_days.join(', '));
        toast({ title: 'Settings Saved', description: 'Automatic renewals follow the new schedule and wording from now on.' });
      },
      onError: (caught) => {
        const shown: Record<string, string> = {};
        for (const [field, message] of Object.entries(fieldErrors(caught))) {
          const name = field.split('.')[0] ?? field;
          if (FORM_FIELDS.has(name)) shown[name] ??= message;
        }
        setErrors(shown);
        setError(Object.keys(shown).length > 0 ? null : errorMessage(caught, 'Failed to save the automatic renewal settings'));
      },
    });
  };

  const placeholders = REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic Renewal</CardTitle>
        <CardDescription>
          Buyers who tick "Renew automatically" have their saved card charged for the renewal price at expiry. A failed payment e-mails them the renewal link
          and is tried again; after the last retry automatic renewal is turned off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="auto-renew-days-before">Charge this many days before the expiry</Label>
              <Input
                id="auto-renew-days-before"
                inputMode="numeric"
                value={daysBefore}
                onChange={(event) => setDaysBefore(event.target.value)}
                {...invalidProps('auto-renew-days-before-error', errors.auto_renew_days_before, 'auto-renew-days-before-help')}
              />
              <FieldError id="auto-renew-days-before-error" message={errors.auto_renew_days_before} />
              <p id="auto-renew-days-before-help" className="text-xs text-muted-foreground">
                0 charges on the expiry day; at most {MAX_AUTO_RENEW_DAYS_BEFORE}.
              </p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="auto-renew-retry-days">Retry a failed payment, days after the expiry</Label>
              <Input
                id="auto-renew-retry-days"
                placeholder="1, 3, 7"
                value={retryDays}
                onChange={(event) => setRetryDays(event.target.value)}
                {...invalidProps('auto-renew-retry-days-error', errors.auto_renew_retry_days, 'auto-renew-retry-days-help')}
              />
              <FieldError id="auto-renew-retry-days-error" message={errors.auto_renew_retry_days} />
              <p id="auto-renew-retry-days-help" className="text-xs text-muted-foreground">
                At most {MAX_AUTO_RENEW_RETRIES} retries. Empty: no retry, automatic renewal is turned off after the first failure.
              </p>
            </div>
          </div>
          {WORDING.map(({ field, label, rows }) => {
            const id = `setting-${field.replaceAll('_', '-')}`;
            const props = { id, value: wording[field], ...invalidProps(`${id}-error`, errors[field]) };
            const change = (value: string) => setWording((current) => ({ ...current, [field]: value }));
            return (
              <div className="space-y-2" key={field}>
                <Label htmlFor={id}>{label}</Label>
                {rows ? (
                  <Textarea rows={rows} {...props} onChange={(event) => change(event.target.value)} />
                ) : (
                  <Input {...props} onChange={(event) => change(event.target.value)} />
                )}
                <FieldError id={`${id}-error`} message={errors[field]} />
              </div>
            );
          })}
          <p className="text-xs text-muted-foreground">
            Placeholders: {placeholders}. {'{renew_url}'} is the licence's renewal page, where the buyer can pay by hand or with another card.
          </p>
          <FormError message={error} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Automatic Renewal'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
