// The sign-in e-mail (docs/account.md): a one-time link to the customer's account, plain text and HTML.
import { SIGN_IN_LINK_TTL_MINUTES } from '../../../common/account.js';
import { STORE_NAME, SUPPORT_EMAIL } from '../../../common/page-meta.js';

/** The `kind` of a sign-in message in the emails table. */
export const SIGN_IN_EMAIL_KIND = 'sign_in';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export function renderSignInEmail(input: { signInUrl: string }): { subject: string; text: string; html: string } {
  const subject = `Sign in to your ${STORE_NAME} account`;
  const validity = `The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes.`;
  const ignore = 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.';
  const text = [
    `Sign in to your ${STORE_NAME} account to see your licences, sites, downloads and receipts:`,
    '',
    input.signInUrl,
    '',
    validity,
    ignore,
    '',
    `Need help? Write to ${SUPPORT_EMAIL}.`,
    '',
    STORE_NAME,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Sign in to your ${escapeHtml(STORE_NAME)} account to see your licences, sites, downloads and receipts:</p>
<p><a href="${escapeHtml(input.signInUrl)}">Sign in to your account</a></p>
<p>${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p>
<p>Need help? Write to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p>
<p>${escapeHtml(STORE_NAME)}</p>
</body></html>`;
  return { subject, text, html };
}
