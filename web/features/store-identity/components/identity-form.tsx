import { useState, type FormEvent, type ReactNode } from 'react';
import { accentColourProblem, contrastRatio, FOOTER_LINKS_MAX, type FooterLink, type StoreIdentity } from '@common/store-identity';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateStoreIdentity } from '../api/store-identity';

/** Footer links as the textarea shows them: one `Label | https://…` per line. */
const linksToText = (links: FooterLink[]) => links.map((link) => `${link.label} | ${link.url}`).join('\n');
const textToLinks = (text: string): FooterLink[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.lastIndexOf('|');
      return bar < 0 ? { label: line, url: '' } : { label: line.slice(0, bar).trim(), url: line.slice(bar + 1).trim() };
    });

function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {help && (
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error.charAt(0).toUpperCase() + error.slice(1)}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: string | undefined, help = false) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined,
});

/** The identity's texts, colour and links: shown on every storefront page, in its head tags and in e-mails. */
export function IdentityForm({ identity }: { identity: StoreIdentity }) {
  const [form, setForm] = useState({
    store_name: identity.store_name,
    headline: identity.headline,
    tagline: identity.tagline,
    accent_color: identity.accent_color ?? '',
    support_email: identity.support_email ?? '',
    legal_name: identity.legal_name,
    legal_address: identity.legal_address,
    vat_number: identity.vat_number,
    footer_links: linksToText(identity.footer_links),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStoreIdentity();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));
  const accent = form.accent_color.trim();
  const accentProblem = accent === '' ? null : accentColourProblem(accent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    update.mutate(
      { ...form, accent_color: accent === '' ? null : accent, support_email: form.support_email.trim() || null, footer_links: textToLinks(form.footer_links) },
      {
        onSuccess: () => toast({ title: 'Storefront Saved', description: 'Buyers see the new identity on their next page.' }),
        onError: (caught) => {
          const byField = fieldErrors(caught);
          setErrors(byField);
          if (Object.keys(byField).length === 0) setError(errorMessage(caught, 'Failed to save the storefront'));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Store identity</CardTitle>
        <CardDescription>Shown in the storefront's header and footer, page titles, link previews, search results and e-mails.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <Field id="store-name" label="Store name" error={errors.store_name}>
            <Input {...describedBy('store-name', errors.store_name)} value={form.store_name} onChange={set('store_name')} maxLength={80} required />
          </Field>
          <Field id="headline" label="Headline" help="The landing page's heading." error={errors.headline}>
            <Input {...describedBy('headline', errors.headline, true)} value={form.headline} onChange={set('headline')} maxLength={120} />
          </Field>
          <Field id="tagline" label="Tagline" help="Under the headline, in the footer, and the description search engines show." error={errors.tagline}>
            <Textarea {...describedBy('tagline', errors.tagline, true)} value={form.tagline} onChange={set('tagline')} maxLength={300} rows={2} />
          </Field>
          <Field
            id="accent-color"
            label="Accent colour"
            help="Buttons and highlights, written #rrggbb; white text on it needs a contrast of 4.5:1 (WCAG AA). Empty: the theme's own."
            error={errors.accent_color ?? accentProblem ?? undefined}
          >
            <div className="flex items-center gap-2">
              <Input
                {...describedBy('accent-color', errors.accent_color ?? accentProblem ?? undefined, true)}
                value={form.accent_color}
                onChange={set('accent_color')}
                placeholder="#1d4ed8"
                className="max-w-40 font-mono"
              />
              {accent !== '' && !accentProblem && (
                <span className="rounded-md px-3 py-1.5 text-sm text-white" style={{ backgroundColor: accent }} data-testid="accent-sample">
                  Buy now · {contrastRatio(accent, '#ffffff').toFixed(1)}:1
                </span>
              )}
            </div>
          </Field>
          <Field
            id="support-email"
            label="Support e-mail"
            help="Where buyers write for help: the support page, footer and every e-mail."
            error={errors.support_email}
          >
            <Input {...describedBy('support-email', errors.support_email, true)} type="email" value={form.support_email} onChange={set('support_email')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="legal-name" label="Legal name" error={errors.legal_name}>
              <Input {...describedBy('legal-name', errors.legal_name)} value={form.legal_name} onChange={set('legal_name')} maxLength={200} />
            </Field>
            <Field id="vat-number" label="VAT number" error={errors.vat_number}>
              <Input {...describedBy('vat-number', errors.vat_number)} value={form.vat_number} onChange={set('vat_number')} maxLength={40} />
            </Field>
          </div>
          <Field id="legal-address" label="Legal address" error={errors.legal_address}>
            <Textarea
              {...describedBy('legal-address', errors.legal_address)}
              value={form.legal_address}
              onChange={set('legal_address')}
              maxLength={500}
              rows={3}
            />
          </Field>
          <Field
            id="footer-links"
            label="Footer links"
            help={`One per line, "Label | https://…" or "Label | /path"; at most ${FOOTER_LINKS_MAX}.`}
            error={errors.footer_links}
          >
            <Textarea {...describedBy('footer-links', errors.footer_links, true)} value={form.footer_links} onChange={set('footer_links')} rows={3} />
          </Field>
          {error && (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Button type="submit" disabled={update.isPending || accentProblem !== null}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
