import { useState, type FormEvent } from 'react';
import { MAX_DEACTIVATION_REASONS, type SettingsResponse } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FieldError, FormError, invalidProps } from './form-error';

/** The settings fields this form edits (their errors are shown beside them). */
const FORM_FIELDS = new Set([
  'rollout_halt_failure_percent',
  'rollout_halt_min_sites',
  'rollout_halt_min_failing_licenses',
  'rollout_alert_email',
  'deactivation_reasons',
]);

const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The automatic halt of a rollout and the deactivation question (docs/releases.md). */
export function ReleaseHealthSettingsCard({ settings }: { settings: SettingsResponse }) {
  const [failurePercent, setFailurePercent] = useState(String(settings.rollout_halt_failure_percent));
  const [minSites, setMinSites] = useState(String(settings.rollout_halt_min_sites));
  const [minFailing, setMinFailing] = useState(String(settings.rollout_halt_min_failing_licenses));
  const [alertEmail, setAlertEmail] = useState(settings.rollout_alert_email ?? '');
  const [surveyEnabled, setSurveyEnabled] = useState(settings.deactivation_survey_enabled);
  const [reasons, setReasons] = useState(settings.deactivation_reasons.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    update.mutate(
      {
        rollout_halt_failure_percent: toNumber(failurePercent),
        rollout_halt_min_sites: toNumber(minSites),
        rollout_halt_min_failing_licenses: toNumber(minFailing),
        rollout_alert_email: alertEmail.trim() || null,
        deactivation_survey_enabled: surveyEnabled,
        deactivation_reasons: toLines(reasons),
      },
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: 'The new values are in effect.' }),
        onError: (caught) => {
          const byField = fieldErrors(caught);
          const shown = Object.fromEntries(Object.entries(byField).filter(([field]) => FORM_FIELDS.has(field)));
          setErrors(shown);
          setError(
            Object.keys(shown).length > 0 && Object.keys(shown).length === Object.keys(byField).length ? null : errorMessage(caught, 'Failed to save settings'),
          );
        },
      },
    );
  };

  return (
    <Card data-testid="release-health-settings">
      <CardHeader>
        <CardTitle>Releases</CardTitle>
        <CardDescription>When a rollout pauses by itself, who hears about it, and whether sites are asked why they deactivate your plugins.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="halt-failure-percent">Halt above this failure rate (%)</Label>
              <Input
                id="halt-failure-percent"
                inputMode="decimal"
                value={failurePercent}
                onChange={(event) => setFailurePercent(event.target.value)}
                {...invalidProps('halt-failure-percent-error', errors.rollout_halt_failure_percent)}
              />
              <FieldError id="halt-failure-percent-error" message={errors.rollout_halt_failure_percent} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="halt-min-sites">Once at least this many sites updated</Label>
              <Input
                id="halt-min-sites"
                inputMode="numeric"
                value={minSites}
                onChange={(event) => setMinSites(event.target.value)}
                {...invalidProps('halt-min-sites-error', errors.rollout_halt_min_sites)}
              />
              <FieldError id="halt-min-sites-error" message={errors.rollout_halt_min_sites} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="halt-min-failing">With failures from at least this many licences</Label>
              <Input
                id="halt-min-failing"
                inputMode="numeric"
                value={minFailing}
                onChange={(event) => setMinFailing(event.target.value)}
                {...invalidProps('halt-min-failing-error', errors.rollout_halt_min_failing_licenses)}
              />
              <FieldError id="halt-min-failing-error" message={errors.rollout_halt_min_failing_licenses} />
            </div>
          </div>
          <p className="text-xs text-muted-foreground">
            A rollout pauses by itself when more than this share of the sites that updated to the release report a failure, counted once at least this many
            sites have reported. Only sites that hold a seat count, and each licence counts once however many sites it has, so one buyer cannot pause (or hide
            the failures of) a rollout. Resume, raise or withdraw it from the Releases page.
          </p>
          <div className="space-y-2">
            <Label htmlFor="rollout-alert-email">Alert e-mail</Label>
            <Input
              id="rollout-alert-email"
              type="email"
              className="sm:max-w-md"
              placeholder="The sender address (MAIL_FROM)"
              value={alertEmail}
              onChange={(event) => setAlertEmail(event.target.value)}
              {...invalidProps('rollout-alert-email-error', errors.rollout_alert_email)}
            />
            <FieldError id="rollout-alert-email-error" message={errors.rollout_alert_email} />
          </div>
          <div className="space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={surveyEnabled}
                onChange={(event) => setSurveyEnabled(event.target.checked)}
                aria-describedby="deactivation-survey-help"
              />
              Ask why when a site deactivates the plugin
            </label>
            <p id="deactivation-survey-help" className="text-xs text-muted-foreground">
              Licensed sites running the WordPress client show the answers below when the plugin is deactivated; the site may skip. Answers appear on each
              release and on the dashboard.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="deactivation-reasons">Answers offered</Label>
            <Textarea
              id="deactivation-reasons"
              rows={6}
              value={reasons}
              onChange={(event) => setReasons(event.target.value)}
              {...invalidProps('deactivation-reasons-error', errors.deactivation_reasons, 'deactivation-reasons-help')}
            />
            <FieldError id="deactivation-reasons-error" message={errors.deactivation_reasons} />
            <p id="deactivation-reasons-help" className="text-xs text-muted-foreground">
              One per line, at most {MAX_DEACTIVATION_REASONS}.
            </p>
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Release Settings'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
