import { useState, type FormEvent } from 'react';
import { MAX_REMINDER_STEPS, REMINDER_PLACEHOLDERS } from '@common/renewal-reminders';
import type { SettingsResponse } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FieldError, FormError, invalidProps } from './form-error';

const FORM_FIELDS = new Set([
  'renewal_reminder_days',
  'renewal_reminder_subject',
  'renewal_reminder_body',
  'renewal_reminder_expired_subject',
  'renewal_reminder_expired_body',
]);

/** "-30, -7, 0, 7" → numbers; an entry that is no number is sent as null, so the server names the problem. */
const toDays = (text: string): number[] =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((entry) => (/^[+-]?\d+$/.test(entry) ? Number(entry) : Number.NaN));

/** The renewal reminder schedule and wording (docs/renewal-reminders.md); in effect at the next pass, without a restart. */
export function RenewalRemindersCard({ settings }: { settings: SettingsResponse }) {
  const [days, setDays] = useState(settings.renewal_reminder_days.join(', '));
  const [subject, setSubject] = useState(settings.renewal_reminder_subject);
  const [body, setBody] = useState(settings.renewal_reminder_body);
  const [expiredSubject, setExpiredSubject] = useState(settings.renewal_reminder_expired_subject);
  const [expiredBody, setExpiredBody] = useState(settings.renewal_reminder_expired_body);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    update.mutate(
      {
        renewal_reminder_days: toDays(days),
        renewal_reminder_subject: subject,
        renewal_reminder_body: body,
        renewal_reminder_expired_subject: expiredSubject,
        renewal_reminder_expired_body: expiredBody,
      },
      {
        onSuccess: (saved) => {
          setDays(saved.renewal_reminder_days.join(', '));
          toast({ title: 'Settings Saved', description: 'Reminders follow the new schedule and wording from now on.' });
        },
        onError: (caught) => {
          const byField = fieldErrors(caught);
          // "renewal_reminder_days.1" is a problem of the days field.
          const shown: Record<string, string> = {};
          for (const [field, message] of Object.entries(byField)) {
            const name = field.split('.')[0] ?? field;
            if (FORM_FIELDS.has(name)) shown[name] ??= message;
          }
          setErrors(shown);
          setError(Object.keys(shown).length > 0 ? null : errorMessage(caught, 'Failed to save the reminders'));
        },
      },
    );
  };

  const placeholders = REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Renewal Reminders</CardTitle>
        <CardDescription>
          E-mails to the owners of licences that expire: each is sent once per licence and term. Lifetime, revoked and unsubscribed licences get none.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="reminder-days">Days from the expiry</Label>
            <Input
              id="reminder-days"
              className="sm:max-w-md"
              placeholder="-30, -7, 0, 7"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              {...invalidProps('reminder-days-error', errors.renewal_reminder_days, 'reminder-days-help')}
            />
            <FieldError id="reminder-days-error" message={errors.renewal_reminder_days} />
            <p id="reminder-days-help" className="text-xs text-muted-foreground">
              Negative before the expiry, 0 on the day, positive after it; at most {MAX_REMINDER_STEPS}. Leave it empty to send none.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="reminder-subject">Subject (before and on the day)</Label>
            <Input
              id="reminder-subject"
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              {...invalidProps('reminder-subject-error', errors.renewal_reminder_subject)}
            />
            <FieldError id="reminder-subject-error" message={errors.renewal_reminder_subject} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="reminder-body">Message (before and on the day)</Label>
            <Textarea
              id="reminder-body"
              rows={6}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              {...invalidProps('reminder-body-error', errors.renewal_reminder_body)}
            />
            <FieldError id="reminder-body-error" message={errors.renewal_reminder_body} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="reminder-expired-subject">Subject (after the expiry)</Label>
            <Input
              id="reminder-expired-subject"
              value={expiredSubject}
              onChange={(event) => setExpiredSubject(event.target.value)}
              {...invalidProps('reminder-expired-subject-error', errors.renewal_reminder_expired_subject)}
            />
            <FieldError id="reminder-expired-subject-error" message={errors.renewal_reminder_expired_subject} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="reminder-expired-body">Message (after the expiry)</Label>
            <Textarea
              id="reminder-expired-body"
              rows={5}
              value={expiredBody}
              onChange={(event) => setExpiredBody(event.target.value)}
              {...invalidProps('reminder-expired-body-error', errors.renewal_reminder_expired_body, 'reminder-wording-help')}
            />
            <FieldError id="reminder-expired-body-error" message={errors.renewal_reminder_expired_body} />
            <p id="reminder-wording-help" className="text-xs text-muted-foreground">
              Placeholders: {placeholders}. {'{days}'} is the number of days before or after the expiry. Every reminder ends with a link that stops them for
              that licence.
            </p>
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Reminders'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
