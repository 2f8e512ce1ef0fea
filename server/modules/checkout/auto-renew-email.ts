// The automatic renewal's e-mails (docs/pricing.md "Automatic renewal"): a failed charge sends the renewal link, the
// last one says automatic renewal is off. Rendered when they leave, from the Settings' wording (auto_renew_* ;
// the reminders' placeholders), so a message held for want of a shop address gets its links once there is one.
import type { AppContext } from '../../kernel/context.js';
import { fillReminderTemplate, type ReminderPlaceholder } from '../../../common/renewal-reminders.js';
import { renewPath } from '../../../common/renewals.js';
import {
  DEFAULT_AUTO_RENEW_FAILED_BODY,
  DEFAULT_AUTO_RENEW_FAILED_SUBJECT,
  DEFAULT_AUTO_RENEW_STOPPED_BODY,
  DEFAULT_AUTO_RENEW_STOPPED_SUBJECT,
} from '../../../common/auto-renewal.js';
import { spellDefaultWording } from '../../../common/store-terms.js';
import { emailBrand } from '../storefront/index.js';
import { requireEmailLinkBase, textEmailHtml, type EmailContent, type EmailRow } from '../email/index.js';
import { findLicenseById } from '../licenses/index.js';
import { findPluginBySlug } from '../plugins/index.js';

/** The `kind`s in the emails table. */
export const AUTO_RENEW_FAILED_EMAIL_KIND = 'auto_renew_failed';
export const AUTO_RENEW_STOPPED_EMAIL_KIND = 'auto_renew_stopped';

/** `kind:licenseId:attempt:termExpiresAt`: each attempt's e-mail once, and what its renderer needs. */
export const autoRenewEmailKey = (kind: string, licenseId: number, attempt: number, termExpiresAt: string): string =>
  `${kind}:${licenseId}:${attempt}:${termExpiresAt}`;

function parseKey(key: string | null): { licenseId: number; termExpiresAt: string } | null {
  const [, id, , ...rest] = (key ?? '').split(':');
  const licenseId = Number(id);
  return Number.isInteger(licenseId) && rest.length > 0 ? { licenseId, termExpiresAt: rest.join(':') } : null;
}

const expiryDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function renderAutoRenewEmail(ctx: AppContext, email: EmailRow): Promise<EmailContent> {
  const parsed = parseKey(email.dedupe_key);
  if (!parsed) throw new Error(`Automatic renewal e-mail ${email.id} names no licence`);
  const license = await findLicenseById(ctx.db, parsed.licenseId);
  if (!license) throw new Error(`The licence of automatic renewal e-mail ${email.id} no longer exists`);
  const base = requireEmailLinkBase(ctx);
  const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
  const days = Math.max(0, Math.floor((Date.parse(email.created_at) - Date.parse(parsed.termExpiresAt)) / 86_400_000));
  const values: Record<ReminderPlaceholder, string> = {
    plugin: plugin?.name ?? license.plugin_slug,
    expires: expiryDate.format(new Date(parsed.termExpiresAt)),
    renew_url: `${base}${renewPath(license.key)}`,
    license_key: license.key,
    days: String(days),
  };
  const stopped = email.kind === AUTO_RENEW_STOPPED_EMAIL_KIND;
  // The default wording in the shop's spelling (issue 40); the vendor's own wording as written.
  const defaults = [DEFAULT_AUTO_RENEW_FAILED_SUBJECT, DEFAULT_AUTO_RENEW_FAILED_BODY, DEFAULT_AUTO_RENEW_STOPPED_SUBJECT, DEFAULT_AUTO_RENEW_STOPPED_BODY];
  const worded = (template: string) => spellDefaultWording(template, defaults, emailBrand(ctx.settings).spelling);
  const subject = fillReminderTemplate(worded(ctx.settings.get(stopped ? 'auto_renew_stopped_subject' : 'auto_renew_failed_subject')), values);
  const text = fillReminderTemplate(worded(ctx.settings.get(stopped ? 'auto_renew_stopped_body' : 'auto_renew_failed_body')), values);
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html: textEmailHtml(text) };
}
