// The sign-in e-mail (docs/account.md): a one-time link to the customer's account, plain text and HTML.
import { SIGN_IN_LINK_TTL_MINUTES } from '../../../common/account.js';
import { licenceWord } from '../../../common/store-terms.js';
import type { EmailBrand } from '../storefront/index.js';
import { escapeHtml } from '../../lib/html.js';

/** The `kind` of a sign-in message in the emails table. */
export const SIGN_IN_EMAIL_KIND = 'sign_in';

export function renderSignInEmail(input: { signInUrl: string; brand: EmailBrand }): { subject: string; text: string; html: string } {
  const { storeName, supportEmail, signature, spelling } = input.brand;
  const what = `your ${licenceWord(spelling)}s, sites, downloads and receipts`;
  const subject = `Sign in to your ${storeName} account`;
  const validity = `The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes.`;
  const ignore = 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.';
  const text = [
    `Sign in to your ${storeName} account to see ${what}:`,
    '',
    input.signInUrl,
    '',
    validity,
    ignore,
    '',
    ...(supportEmail ? [`Need help? Write to ${supportEmail}.`] : []),
    '',
    ...signature,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Sign in to your ${escapeHtml(storeName)} account to see ${escapeHtml(what)}:</p>
<p><a href="${escapeHtml(input.signInUrl)}">Sign in to your account</a></p>
<p>${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p>
${supportEmail ? `<p>Need help? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>` : ''}
<p>${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
