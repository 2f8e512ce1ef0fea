// The reminder e-mail, rendered when it leaves (registered on ctx.emailRenderers): the wording is the Settings'
// (renewal_reminder_* ; placeholders in common/renewal-reminders.ts), the links start at the shop's address
// (requireEmailLinkBase: without one the message waits in the outbox, as every e-mail with links does).
import type { AppContext } from '../../kernel/context.js';
import {
  DEFAULT_EXPIRED_REMINDER_BODY,
  DEFAULT_EXPIRED_REMINDER_SUBJECT,
  DEFAULT_REMINDER_BODY,
  DEFAULT_REMINDER_SUBJECT,
  fillReminderTemplate,
  type ReminderPlaceholder,
} from '../../../common/renewal-reminders.js';
import { DEFAULT_AUTO_RENEW_REMINDER_BODY, DEFAULT_AUTO_RENEW_REMINDER_SUBJECT } from '../../../common/auto-renewal.js';
import { licenceWord, spellDefaultWording } from '../../../common/store-terms.js';
import { emailBrand } from '../storefront/index.js';
import { requireEmailLinkBase, textEmailHtml, type EmailContent, type EmailRow } from '../email/index.js';
import { findLicenseById } from '../licenses/index.js';
import { renewsAutomaticallyLater } from '../checkout/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findClaimByEmailId } from './reminders.repository.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

const DEFAULT_WORDINGS = [
  DEFAULT_REMINDER_SUBJECT,
  DEFAULT_REMINDER_BODY,
  DEFAULT_EXPIRED_REMINDER_SUBJECT,
  DEFAULT_EXPIRED_REMINDER_BODY,
  DEFAULT_AUTO_RENEW_REMINDER_SUBJECT,
  DEFAULT_AUTO_RENEW_REMINDER_BODY,
];

const expiryDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The renewal page of a licence (built by the renewals checkout): the shop's address, `/renew?key=`. */
export const renewUrl = (base: string, licenseKey: string): string => `${base}/renew?key=${encodeURIComponent(licenseKey)}`;

export const unsubscribeUrl = (base: string, token: string): string => `${base}/unsubscribe?token=${encodeURIComponent(token)}`;

/** Plain text to HTML: escaped, paragraphs and line breaks kept, http(s) links clickable. */

export async function renderReminderEmail(ctx: AppContext, email: EmailRow): Promise<EmailContent> {
  const claim = await findClaimByEmailId(ctx.db, email.id);
  if (!claim) throw new Error(`No reminder claim for e-mail ${email.id}`);
  const license = await findLicenseById(ctx.db, claim.license_id);
  if (!license) throw new Error(`The licence of reminder e-mail ${email.id} no longer exists`);
  const base = requireEmailLinkBase(ctx);
  const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
  const offset = Number(claim.step);
  const values: Record<ReminderPlaceholder, string> = {
    plugin: plugin?.name ?? license.plugin_slug,
    expires: expiryDate.format(new Date(claim.expires_at)),
    renew_url: renewUrl(base, license.key),
    license_key: license.key,
    days: String(Math.abs(offset)),
  };
  const after = offset > 0;
  // A licence that renews automatically is not told to renew by hand before its expiry (docs/pricing.md "Automatic renewal"),
  // unless its charge is overdue or failed by the time the e-mail leaves (held in the outbox, an outage): then the usual
  // wording, with the renewal link (docs/renewal-reminders.md "Automatic renewal").
  const auto = !after && (await renewsAutomaticallyLater(ctx, ctx.db, { id: license.id, expires_at: claim.expires_at }, ctx.renewalReminders.now()));
  const subjectKey = auto ? 'auto_renew_reminder_subject' : after ? 'renewal_reminder_expired_subject' : 'renewal_reminder_subject';
  const bodyKey = auto ? 'auto_renew_reminder_body' : after ? 'renewal_reminder_expired_body' : 'renewal_reminder_body';
  // The default wording in the shop's spelling (issue 40); the vendor's own wording as written.
  const { spelling } = emailBrand(ctx.settings);
  const worded = (template: string) => spellDefaultWording(template, DEFAULT_WORDINGS, spelling);
  const subject = fillReminderTemplate(worded(ctx.settings.get(subjectKey)), values);
  const body = fillReminderTemplate(worded(ctx.settings.get(bodyKey)), values);
  // The way out is always there, whatever the wording says.
  const unsubscribe = unsubscribeUrl(base, signUnsubscribeToken(ctx, license.id));
  const text = `${body}\n\n--\nNo more renewal reminders for this ${licenceWord(spelling)}: ${unsubscribe}`;
  // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click to this address (renewal-reminders.routes.ts).
  const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html: textEmailHtml(text), headers };
}
