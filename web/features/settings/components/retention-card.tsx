import { useState } from 'react';
import type { SettingsResponse } from '@common/settings';
import { TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { RETENTION_FIELDS, retentionHelp, toRetention, type RetentionField } from '../lib/retention-form';
import { SettingsCard, toNumber, useSettingsForm } from './settings-card';

/** The card's texts. */
const CARD = {
  testId: 'retention-settings',
  title: 'Data retention',
  description:
    'How many days the records that grow with every licence check are kept. Older ones are removed once a day, a few at a time; orders, licences, sites and the dashboard’s figures are never removed.',
  submitLabel: 'Save Retention',
};

const asTexts = (retention: SettingsResponse['retention']) =>
  Object.fromEntries(RETENTION_FIELDS.map(({ field }) => [field, String(retention[field])])) as Record<RetentionField, string>;

/** The retention periods (docs/big-shop.md, "Retention"): checked with the server's schema before they are sent. */
export function RetentionCard({ settings }: { settings: SettingsResponse }) {
  const [days, setDays] = useState(() => asTexts(settings.retention));
  const [errors, setErrors] = useState<Partial<Record<RetentionField, string>>>({});
  // The server's own refusal (a field it names) is shown under the form: the fields are checked here first.
  const form = useSettingsForm([], 'Failed to save the retention periods');

  const submit = () => {
    const result = toRetention(Object.fromEntries(RETENTION_FIELDS.map(({ field }) => [field, toNumber(days[field])])) as Record<RetentionField, number>);
    if (!result.ok) {
      setErrors(result.errors);
      form.setError(null);
      return;
    }
    setErrors({});
    form.save({ retention: result.retention }, (saved) => {
      setDays(asTexts(saved.retention));
      toast({ title: 'Settings Saved', description: 'The next daily pass keeps records for the new periods.' });
    });
  };

  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        {RETENTION_FIELDS.map(({ field, id, label, goes }) => (
          <TextField
            key={field}
            id={id}
            label={label}
            inputMode="numeric"
            value={days[field]}
            onChange={(value) => setDays((now) => ({ ...now, [field]: value }))}
            error={errors[field]}
            help={retentionHelp(field, goes)}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
