import { useState } from 'react';
import { MAX_REMINDER_STEPS, REMINDER_PLACEHOLDERS } from '@common/renewal-reminders';
import type { SettingsResponse } from '@common/settings';
import { TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { SettingsCard, toDays, useSettingsForm } from './settings-card';

const FORM_FIELDS = [
  'renewal_reminder_days',
  'renewal_reminder_subject',
  'renewal_reminder_body',
  'renewal_reminder_expired_subject',
  'renewal_reminder_expired_body',
];

/** The card's texts. */
const CARD = {
  title: 'Renewal Reminders',
  description: 'E-mails to the owners of licences that expire: each is sent once per licence and term. Lifetime, revoked and unsubscribed licences get none.',
  submitLabel: 'Save Reminders',
};

/** The renewal reminder schedule and wording (docs/renewal-reminders.md); in effect at the next pass, without a restart. */
export function RenewalRemindersCard({ settings }: { settings: SettingsResponse }) {
  const [days, setDays] = useState(settings.renewal_reminder_days.join(', '));
  const [subject, setSubject] = useState(settings.renewal_reminder_subject);
  const [body, setBody] = useState(settings.renewal_reminder_body);
  const [expiredSubject, setExpiredSubject] = useState(settings.renewal_reminder_expired_subject);
  const [expiredBody, setExpiredBody] = useState(settings.renewal_reminder_expired_body);
  const form = useSettingsForm(FORM_FIELDS, 'Failed to save the reminders');
  const { errors } = form;

  const submit = () =>
    form.save(
      {
        renewal_reminder_days: toDays(days),
        renewal_reminder_subject: subject,
        renewal_reminder_body: body,
        renewal_reminder_expired_subject: expiredSubject,
        renewal_reminder_expired_body: expiredBody,
      },
      (saved) => {
        setDays(saved.renewal_reminder_days.join(', '));
        toast({ title: 'Settings Saved', description: 'Reminders follow the new schedule and wording from now on.' });
      },
    );

  const placeholders = REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      <TextField
        id="reminder-days"
        label="Days from the expiry"
        className="sm:max-w-md"
        placeholder="-30, -7, 0, 7"
        value={days}
        onChange={setDays}
        error={errors.renewal_reminder_days}
        help={`Negative before the expiry, 0 on the day, positive after it; at most ${MAX_REMINDER_STEPS}. Leave it empty to send none.`}
      />
      <TextField id="reminder-subject" label="Subject (before and on the day)" value={subject} onChange={setSubject} error={errors.renewal_reminder_subject} />
      <TextField id="reminder-body" label="Message (before and on the day)" rows={6} value={body} onChange={setBody} error={errors.renewal_reminder_body} />
      <TextField
        id="reminder-expired-subject"
        label="Subject (after the expiry)"
        value={expiredSubject}
        onChange={setExpiredSubject}
        error={errors.renewal_reminder_expired_subject}
      />
      <TextField
        id="reminder-expired-body"
        label="Message (after the expiry)"
        rows={5}
        value={expiredBody}
        onChange={setExpiredBody}
        error={errors.renewal_reminder_expired_body}
        helpId="reminder-wording-help"
        help={
          <>
            Placeholders: {placeholders}. {'{days}'} is the number of days before or after the expiry. Every reminder ends with a link that stops them for that
            licence.
          </>
        }
      />
    </SettingsCard>
  );
}
