import { useState, type FormEvent } from 'react';
import type { StoreIdentity } from '@common/store-identity';
import {
  LICENSE_KEY_PREFIX_PATTERN,
  licenceWord,
  MAX_REFUND_DAYS,
  MAX_SUPPORT_PROMISE,
  purchasePoints,
  supportAnswerClause,
  supportResponseSentence,
  type Spelling,
  type StoreTerms,
} from '@common/store-terms';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField, type SelectOption } from '@/components/option-select';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateStoreIdentity } from '../api/store-identity';

const SPELLING_OPTIONS: Array<SelectOption<Spelling>> = [
  { value: 'british', label: 'British: licence' },
  { value: 'american', label: 'American: license' },
];

/** The tiers the preview shows the points of: one of each term a shop can sell. */
const SAMPLE_TIERS = [
  { term: 'year', sites: 1 },
  { term: 'lifetime', sites: null },
] as const;

/** The form's values as typed; what is sent is checked by the server too (common/store-identity.ts). */
interface TermsForm {
  refund_days: string;
  support_promise: string;
  license_key_prefix: string;
  spelling: Spelling;
}

function toTerms(form: TermsForm): StoreTerms {
  const days = Number(form.refund_days);
  return {
    refund_days: Number.isInteger(days) && days >= 0 ? days : 0,
    support_promise: form.support_promise.trim(),
    license_key_prefix: form.license_key_prefix.trim().toUpperCase(),
    spelling: form.spelling,
  };
}

function formProblems(form: TermsForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const days = form.refund_days.trim();
  if (!/^\d+$/.test(days) || Number(days) > MAX_REFUND_DAYS) problems.refund_days = `A whole number of days from 0 (no guarantee) to ${MAX_REFUND_DAYS}`;
  const prefix = form.license_key_prefix.trim().toUpperCase();
  if (prefix !== '' && !LICENSE_KEY_PREFIX_PATTERN.test(prefix)) problems.license_key_prefix = '1 to 8 letters or digits, such as ACME, or empty for none';
  return problems;
}

/**
 * The vendor's terms (issue 40; docs/storefront.md, "The vendor's terms"): refund window, support promise, key prefix
 * and spelling, with a live preview of what buyers then read on the plugin page, the Support page and in e-mails.
 */
export function TermsCard({ identity }: { identity: StoreIdentity }) {
  const [form, setForm] = useState<TermsForm>({
    refund_days: String(identity.refund_days),
    support_promise: identity.support_promise,
    license_key_prefix: identity.license_key_prefix,
    spelling: identity.spelling,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStoreIdentity();
  const set = (key: keyof TermsForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));
  const problems = formProblems(form);
  const terms = toTerms(form);
  const shown = { ...problems, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    if (Object.keys(problems).length > 0) return;
    update.mutate(terms, {
      onSuccess: () => toast({ title: 'Terms Saved', description: 'Buyers read the new terms on their next page and in the next e-mail.' }),
      onError: (caught) => {
        const byField = fieldErrors(caught);
        setErrors(byField);
        if (Object.keys(byField).length === 0) setError(errorMessage(caught, 'Failed to save the terms'));
      },
    });
  };

  const word = licenceWord(terms.spelling);
  const sampleKey = `${terms.license_key_prefix || 'Q7RM'}-4KD2-P9XA-7TFE-M3ZB`;
  return (
    <Card data-testid="store-terms">
      <CardHeader>
        <CardTitle>Your terms</CardTitle>
        <CardDescription>What buyers are promised on the storefront, at checkout and in e-mails: set them to your own offer.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="refund-days">Refund window (days)</Label>
            <Input
              id="refund-days"
              inputMode="numeric"
              value={form.refund_days}
              onChange={set('refund_days')}
              className="max-w-32"
              aria-invalid={shown.refund_days ? true : undefined}
              aria-describedby="refund-days-help"
            />
            <p id="refund-days-help" className="text-sm text-muted-foreground">
              The money-back guarantee buyers are offered. 0 removes the guarantee from every page.
            </p>
            {shown.refund_days && <p className="text-sm text-destructive">{shown.refund_days}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor="support-promise">Support promise</Label>
            <Input
              id="support-promise"
              value={form.support_promise}
              onChange={set('support_promise')}
              maxLength={MAX_SUPPORT_PROMISE}
              placeholder="within one working day"
              aria-describedby="support-promise-help"
            />
            <p id="support-promise-help" className="text-sm text-muted-foreground">
              How soon you answer, completing "we will answer …". Empty: no answer time is promised.
            </p>
            {shown.support_promise && <p className="text-sm text-destructive">{shown.support_promise}</p>}
          </div>
          <div className="space-y-2">
            <Label htmlFor="key-prefix">Licence key prefix</Label>
            <Input
              id="key-prefix"
              value={form.license_key_prefix}
              onChange={set('license_key_prefix')}
              maxLength={8}
              className="max-w-40 font-mono uppercase"
              aria-invalid={shown.license_key_prefix ? true : undefined}
              aria-describedby="key-prefix-help"
            />
            <p id="key-prefix-help" className="text-sm text-muted-foreground">
              The first group of new keys. Empty: every group is random. Keys already issued keep theirs and still work.
            </p>
            {shown.license_key_prefix && <p className="text-sm text-destructive">{shown.license_key_prefix}</p>}
          </div>
          <SelectField
            id="spelling"
            label="Spelling for buyers"
            triggerClassName="max-w-60"
            value={form.spelling}
            onChange={(spelling: Spelling) => setForm((current) => ({ ...current, spelling }))}
            options={SPELLING_OPTIONS}
          />
          {error && (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Button type="submit" disabled={update.isPending || Object.keys(problems).length > 0}>
            {update.isPending ? 'Saving...' : 'Save terms'}
          </Button>
        </form>
        <section aria-label="Preview of your terms" className="space-y-3 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="terms-preview">
          <h3 className="font-semibold">Preview</h3>
          {SAMPLE_TIERS.map((tier) => (
            <div key={tier.term}>
              <p className="font-medium">{tier.term === 'year' ? 'A yearly tier for 1 site' : 'A lifetime tier for unlimited sites'}</p>
              <ul className="list-inside list-disc text-muted-foreground">
                {purchasePoints(tier, terms).map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          ))}
          <p>
            <span className="font-medium">Support page:</span> {supportResponseSentence(terms)}
          </p>
          <p>
            <span className="font-medium">E-mail:</span> Need help? Write to {identity.support_email ?? 'your support address'}
            {supportAnswerClause(terms)}.
          </p>
          <p>
            <span className="font-medium">New {word} key:</span> <code className="font-mono">{sampleKey}</code>
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
