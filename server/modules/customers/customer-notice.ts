// The short e-mails the Customers page's actions send (queued in the action's transaction, sent as stored).
import { STORE_NAME, SUPPORT_EMAIL } from '../../../common/page-meta.js';

export const CUSTOMER_NOTICE_KIND = 'customer_notice';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export function renderCustomerNotice(subject: string, lines: string[]): { subject: string; text: string; html: string } {
  const footer = [`Questions? Write to ${SUPPORT_EMAIL}.`, STORE_NAME];
  const text = [...lines, '', ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${[...lines, ...footer]
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return { subject, text, html };
}
