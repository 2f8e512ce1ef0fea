import { describe, expect, it } from 'vitest';
import type { EmailBrand } from '../storefront/index.js';
import { renderSignInEmail } from './sign-in-email.js';

// Issue 40: the customer's sign-in e-mail lists what the account holds in the shop's spelling.

const brand = (spelling: EmailBrand['spelling']): EmailBrand => ({
  storeName: 'Lumen Plugins',
  supportEmail: null,
  signature: ['Lumen Plugins'],
  supportPromise: '',
  spelling,
});

describe('the sign-in e-mail', () => {
  it('says "licenses" under American spelling and "licences" under British', () => {
    const american = renderSignInEmail({ signInUrl: 'https://lumen.example/account/sign-in/x', brand: brand('american') });
    expect(american.text).toContain('Sign in to your Lumen Plugins account to see your licenses, sites, downloads and receipts:');
    expect(american.html).toContain('account to see your licenses, sites, downloads and receipts:');
    expect(`${american.subject}${american.text}${american.html}`).not.toMatch(/licence/i);
    const british = renderSignInEmail({ signInUrl: 'https://lumen.example/account/sign-in/x', brand: brand('british') });
    expect(british.text).toContain('to see your licences, sites, downloads and receipts:');
  });
});
