// The e-mail a refunded order sends its buyer (issue 26): what was refunded and that the licence no longer works.
// Written when the refund is recorded (fulfilment.service.ts, markRefunded) and sent as stored: it carries no link
// that could go stale, so nothing needs rendering when it leaves.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { formatMoney } from '../../../common/pricing.js';
import { licenceWord } from '../../../common/store-terms.js';
import type { EmailContent } from '../email/index.js';
import type { EmailBrand } from '../storefront/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import type { OrderRow } from './orders.repository.js';
import { escapeHtml } from '../../lib/html.js';

/** The `kind` of a refund message in the emails table. */
export const REFUND_EMAIL_KIND = 'refund';

export function renderRefundEmail(input: {
  orderId: number;
  pluginName: string;
  amount: number;
  currency: string;
  hadLicense: boolean;
  brand: EmailBrand;
}): EmailContent {
  const subject = `Your ${input.pluginName} order #${input.orderId} has been refunded`;
  const lines = [
    `We have refunded your order #${input.orderId} for ${input.pluginName} (you paid ${formatMoney(input.amount, input.currency)}).`,
    'The money goes back to the card you paid with; your bank may take 5 to 10 days to show it.',
    ...(input.hadLicense ? [`The ${licenceWord(input.brand.spelling)} key of this order no longer works and its sites have been deactivated.`] : []),
  ];
  const footer = [...(input.brand.supportEmail ? [`Questions? Write to ${input.brand.supportEmail}.`] : []), ...input.brand.signature];
  const text = [...lines, '', ...footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">${[...lines, ...footer]
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return { subject, text, html };
}

export async function refundEmailFor(trx: Transaction<DB>, order: OrderRow, brand: EmailBrand): Promise<EmailContent> {
  const plugin = await findPluginBySlug(trx, order.plugin_slug);
  return renderRefundEmail({
    orderId: order.id,
    pluginName: plugin?.name ?? order.plugin_slug,
    amount: order.amount,
    currency: order.currency,
    hadLicense: order.license_id !== null,
    brand,
  });
}
