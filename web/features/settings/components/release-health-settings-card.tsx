import { useState } from 'react';
import { MAX_DEACTIVATION_REASONS, type SettingsResponse } from '@common/settings';
import { CheckboxField, FieldHelp, TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { SettingsCard, toLines, toNumber, useSettingsForm } from './settings-card';

type HaltField = 'rollout_halt_failure_percent' | 'rollout_halt_min_sites' | 'rollout_halt_min_failing_licenses';

/** The thresholds of the automatic halt, in the order shown. */
const HALT_FIELDS: Array<{ field: HaltField; id: string; label: string; inputMode: 'decimal' | 'numeric' }> = [
  { field: 'rollout_halt_failure_percent', id: 'halt-failure-percent', label: 'Halt above this failure rate (%)', inputMode: 'decimal' },
  { field: 'rollout_halt_min_sites', id: 'halt-min-sites', label: 'Once at least this many sites updated', inputMode: 'numeric' },
  { field: 'rollout_halt_min_failing_licenses', id: 'halt-min-failing', label: 'With failures from at least this many licences', inputMode: 'numeric' },
];

/** The settings fields this form edits (their errors are shown beside them). */
const FORM_FIELDS = [...HALT_FIELDS.map(({ field }) => field), 'rollout_alert_email', 'deactivation_reasons'];

/** The card's texts. */
const CARD = {
  testId: 'release-health-settings',
  title: 'Releases',
  description: 'When a rollout pauses by itself, who hears about it, and whether sites are asked why they deactivate your plugins.',
  submitLabel: 'Save Release Settings',
};

/** The automatic halt of a rollout and the deactivation question (docs/releases.md). */
export function ReleaseHealthSettingsCard({ settings }: { settings: SettingsResponse }) {
  const [halt, setHalt] = useState(() => Object.fromEntries(HALT_FIELDS.map(({ field }) => [field, String(settings[field])])) as Record<HaltField, string>);
  const [alertEmail, setAlertEmail] = useState(settings.rollout_alert_email ?? '');
  const [surveyEnabled, setSurveyEnabled] = useState(settings.deactivation_survey_enabled);
  const [reasons, setReasons] = useState(settings.deactivation_reasons.join('\n'));
  const form = useSettingsForm(FORM_FIELDS, 'Failed to save settings');
  const { errors } = form;

  const submit = () =>
    form.save(
      {
        rollout_halt_failure_percent: toNumber(halt.rollout_halt_failure_percent),
        rollout_halt_min_sites: toNumber(halt.rollout_halt_min_sites),
        rollout_halt_min_failing_licenses: toNumber(halt.rollout_halt_min_failing_licenses),
        rollout_alert_email: alertEmail.trim() || null,
        deactivation_survey_enabled: surveyEnabled,
        deactivation_reasons: toLines(reasons),
      },
      () => toast({ title: 'Settings Saved', description: 'The new values are in effect.' }),
    );

  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        {HALT_FIELDS.map(({ field, ...input }) => (
          <TextField key={field} {...input} value={halt[field]} onChange={(value) => setHalt((now) => ({ ...now, [field]: value }))} error={errors[field]} />
        ))}
      </div>
      <FieldHelp>
        A rollout pauses by itself when more than this share of the sites that updated to the release report a failure, counted once at least this many sites
        have reported. Only sites that hold a seat count, and each licence counts once however many sites it has, so one buyer cannot pause (or hide the
        failures of) a rollout. Resume, raise or withdraw it from the Releases page.
      </FieldHelp>
      <TextField
        id="rollout-alert-email"
        label="Alert e-mail"
        type="email"
        className="sm:max-w-md"
        placeholder="The sender address (MAIL_FROM)"
        value={alertEmail}
        onChange={setAlertEmail}
        error={errors.rollout_alert_email}
      />
      <CheckboxField
        checked={surveyEnabled}
        onChange={setSurveyEnabled}
        label="Ask why when a site deactivates the plugin"
        helpId="deactivation-survey-help"
        help="Licensed sites running the WordPress client show the answers below when the plugin is deactivated; the site may skip. Answers appear on each release and on the dashboard."
      />
      <TextField
        id="deactivation-reasons"
        label="Answers offered"
        rows={6}
        value={reasons}
        onChange={setReasons}
        error={errors.deactivation_reasons}
        help={`One per line, at most ${MAX_DEACTIVATION_REASONS}.`}
      />
    </SettingsCard>
  );
}
