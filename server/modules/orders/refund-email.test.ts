import { describe, expect, it } from 'vitest';
import type { EmailBrand } from '../storefront/index.js';
import { renderRefundEmail } from './refund-email.js';

// Issue 40: the refund e-mail names the key in the shop's spelling ("licence" British, "license" American).

const brand = (spelling: EmailBrand['spelling']): EmailBrand => ({
  storeName: 'Lumen Plugins',
  supportEmail: 'help@lumen.example',
  signature: ['Lumen Plugins'],
  supportPromise: 'within one working day',
  spelling,
});
const refund = (spelling: EmailBrand['spelling'], hadLicense = true) =>
  renderRefundEmail({ orderId: 7, pluginName: 'Smart Forms Pro', amount: 9900, currency: 'USD', hadLicense, brand: brand(spelling) });

describe('the refund e-mail', () => {
  it('says "license" under American spelling, in the text and the HTML', () => {
    const mail = refund('american');
    expect(mail.text).toContain('The license key of this order no longer works and its sites have been deactivated.');
    expect(mail.html).toContain('The license key of this order no longer works');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/licence/i);
  });

  it('says "licence" under British spelling, and nothing of a key for an order without one', () => {
    expect(refund('british').text).toContain('The licence key of this order no longer works');
    expect(refund('american', false).text).not.toMatch(/key/);
  });
});
