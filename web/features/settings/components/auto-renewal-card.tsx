import { useState } from 'react';
import { MAX_AUTO_RENEW_DAYS_BEFORE, MAX_AUTO_RENEW_RETRIES } from '@common/auto-renewal';
import { REMINDER_PLACEHOLDERS } from '@common/renewal-reminders';
import type { SettingsResponse, SettingsUpdate } from '@common/settings';
import { FieldHelp, TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { SettingsCard, toDays, useSettingsForm } from './settings-card';

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
const FORM_FIELDS = ['auto_renew_days_before', 'auto_renew_retry_days', ...WORDING.map((entry) => entry.field)];

/** The card's texts. */
const CARD = {
  title: 'Automatic Renewal',
  description:
    'Buyers who tick "Renew automatically" have their saved card charged for the renewal price at expiry. A failed payment e-mails them the renewal link and is tried again; after the last retry automatic renewal is turned off.',
  submitLabel: 'Save Automatic Renewal',
};

/** Automatic renewal (docs/pricing.md): when the saved card is charged, the retries after a failure, the e-mails' wording. */
export function AutoRenewalCard({ settings }: { settings: SettingsResponse }) {
  const [daysBefore, setDaysBefore] = useState(String(settings.auto_renew_days_before));
  const [retryDays, setRetryDays] = useState(settings.auto_renew_retry_days.join(', '));
  const [wording, setWording] = useState<Record<WordingField, string>>(
    () => Object.fromEntries(WORDING.map(({ field }) => [field, settings[field]])) as Record<WordingField, string>,
  );
  const form = useSettingsForm(FORM_FIELDS, 'Failed to save the automatic renewal settings');
  const { errors } = form;

  const submit = () => {
    const patch: SettingsUpdate = {
      auto_renew_days_before: /^\d+$/.test(daysBefore.trim()) ? Number(daysBefore.trim()) : Number.NaN,
      auto_renew_retry_days: toDays(retryDays),
      ...wording,
    };
    form.save(patch, (saved) => {
      setRetryDays(saved.auto_renew_retry_days.join(', '));
      toast({ title: 'Settings Saved', description: 'Automatic renewals follow the new schedule and wording from now on.' });
    });
  };

  const placeholders = REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="auto-renew-days-before"
          label="Charge this many days before the expiry"
          inputMode="numeric"
          value={daysBefore}
          onChange={setDaysBefore}
          error={errors.auto_renew_days_before}
          help={`0 charges on the expiry day; at most ${MAX_AUTO_RENEW_DAYS_BEFORE}.`}
        />
        <TextField
          id="auto-renew-retry-days"
          label="Retry a failed payment, days after the expiry"
          placeholder="1, 3, 7"
          value={retryDays}
          onChange={setRetryDays}
          error={errors.auto_renew_retry_days}
          help={`At most ${MAX_AUTO_RENEW_RETRIES} retries. Empty: no retry, automatic renewal is turned off after the first failure.`}
        />
      </div>
      {WORDING.map(({ field, label, rows }) => (
        <TextField
          key={field}
          id={`setting-${field.replaceAll('_', '-')}`}
          label={label}
          rows={rows}
          value={wording[field]}
          onChange={(value) => setWording((current) => ({ ...current, [field]: value }))}
          error={errors[field]}
        />
      ))}
      <FieldHelp>
        Placeholders: {placeholders}. {'{renew_url}'} is the licence's renewal page, where the buyer can pay by hand or with another card.
      </FieldHelp>
    </SettingsCard>
  );
}
