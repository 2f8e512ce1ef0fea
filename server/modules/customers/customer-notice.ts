// The short e-mails the Customers page's actions send (queued in the action's transaction, sent as stored).
import type { EmailBrand } from '../storefront/index.js';
import { escapeHtml } from '../../lib/html.js';

export const CUSTOMER_NOTICE_KIND = 'customer_notice';

export function renderCustomerNotice(subject: string, lines: string[], brand: EmailBrand): { subject: string; text: string; html: string } {
  const footer = [...(brand.supportEmail ? [`Questions? Write to ${brand.supportEmail}.`] : []), ...brand.signature];
  const text = [...lines, '', ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${[...lines, ...footer]
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return { subject, text, html };
}
