import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../common/images.js';
import { DEFAULT_STORE_IDENTITY, DEMO_STORE_IDENTITY, type StoreIdentity } from '../../../common/store-identity.js';
import { up as migrateStoreIdentity } from '../../db/migrations/0030-store-identity.js';
import { up as migrateStoreTerms } from '../../db/migrations/0048-store-terms.js';
import { makeImage, multipartBody } from '../../test/image-fixtures.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { closeWithWebDist, makeWebDist } from '../../test/web-dist.js';
import { startAdminApp } from '../../test/admin-app.js';
import { renderSignInEmail } from '../account/index.js';
import { mailFrom } from '../email/index.js';
import { renderLicenseEmail } from '../orders/index.js';
import { emailBrand } from './storefront.service.js';

// The store identity (issue 25): the admin's Storefront page writes it; every public page's HTML, the e-mails and
// receipts read it. Bad input answers 4xx with a message and changes nothing.

const HOST = 'shop.example';

describe(`store identity (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const webDir = makeWebDist('pls-identity-');
  beforeAll(async () => {
    ({ t, headers } = await startAdminApp({ env: { WEB_DIST_DIR: webDir } }));
  });
  afterAll(async () => closeWithWebDist(t, webDir));

  const identity = async () => (await t.app.inject({ method: 'GET', url: '/api/storefront' })).json<StoreIdentity>();
  const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/admin/storefront', headers, payload: payload as object });
  const html = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { host: HOST } })).body;
  const uploadLogo = (content: Buffer, field = 'logo') => {
    const body = multipartBody(field, 'logo.png', content, 'image/png');
    return t.app.inject({ method: 'POST', url: '/api/admin/storefront/logo', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it("starts a seeded shop as the specification's demo shop, and an empty one with neutral defaults", async () => {
    expect(await identity()).toEqual(DEMO_STORE_IDENTITY);
    const empty = await createTestApp({ seed: false });
    try {
      expect((await empty.app.inject({ method: 'GET', url: '/api/storefront' })).json()).toEqual(DEFAULT_STORE_IDENTITY);
      expect(JSON.stringify(DEFAULT_STORE_IDENTITY)).not.toMatch(/8022/);
    } finally {
      await empty.close();
    }
  });

  it('keeps the demo identity of a shop seeded before the identity existed (migration 0030), and leaves others alone', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'store_identity').execute();
    await migrateStoreIdentity(t.db as never);
    await migrateStoreTerms(t.db as never);
    await t.ctx.settings.load();
    expect(await identity()).toEqual(DEMO_STORE_IDENTITY);
    const empty = await createTestApp({ seed: false });
    try {
      await migrateStoreIdentity(empty.db as never);
      expect(await empty.db.selectFrom('settings').select('key').where('key', '=', 'store_identity').executeTakeFirst()).toBeUndefined();
    } finally {
      await empty.close();
    }
  });

  it('refuses an accent colour without 4.5:1 contrast against white, and other bad input, changing nothing', async () => {
    const before = await identity();
    for (const [payload, message] of [
      [{ accent_color: '#ffcc00' }, /contrast of 1\.\d\d:1 against white, below the 4\.5:1/],
      [{ accent_color: 'red' }, /#rrggbb/],
      [{ store_name: '  ' }, /store name must not be empty/],
      [{ support_email: 'not an address' }, /e-mail address/],
      [{ footer_links: [{ label: 'Evil', url: 'javascript:alert(1)' }] }, /http\(s\) address or a path/],
      [{ store_name: 'Fine', unknown_field: 1 }, /unknown_field|Unrecognized/i],
    ] as const) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await identity()).toEqual(before);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/storefront', payload: { store_name: 'X' } })).statusCode).toBe(401);
  });

  it("shows the vendor's identity in every public page's head, JSON-LD, inline data and e-mails, and none of the demo's", async () => {
    const saved = await put({
      store_name: 'Acme Widgets',
      headline: 'Widgets for WordPress',
      tagline: 'Hand-made widgets for busy shops.',
      accent_color: '#1d4ed8',
      support_email: 'help@acme.example',
      legal_name: 'Acme Widgets Ltd',
      legal_address: '1 High Street\nLeeds LS1 1AA',
      vat_number: 'GB123456789',
      footer_links: [
        { label: 'Status', url: 'https://status.acme.example' },
        { label: 'Terms', url: '/terms' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<StoreIdentity>()).toMatchObject({ store_name: 'Acme Widgets', accent_color: '#1d4ed8' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/storefront', headers })).json()).toEqual(saved.json());

    const landing = await html('/');
    expect(landing).toContain('<title>Home - Acme Widgets</title>');
    expect(landing).toContain('<meta name="description" content="Hand-made widgets for busy shops." />');
    expect(landing).toContain('<meta property="og:site_name" content="Acme Widgets" />');
    const organization = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(landing)?.[1] ?? '{}') as Record<string, unknown>;
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Acme Widgets',
      email: 'help@acme.example',
      legalName: 'Acme Widgets Ltd',
      vatID: 'GB123456789',
    });
    expect(await html('/plugin/postcode-delivery-zones')).toContain('<title>Postcode Delivery Zones - Acme Widgets</title>');
    expect(await html('/about')).toContain('<title>About - Acme Widgets</title>');
    // The pages' texts are the vendor's to edit (store-pages.db.test.ts): here, as a vendor who has rewritten them.
    await t.db.deleteFrom('store_pages').execute();
    for (const url of ['/', '/catalog', '/about', '/support', '/privacy', '/documentation', '/plugin/postcode-delivery-zones']) {
      expect(await html(url), url).not.toMatch(/8022 Plugins|support@8022\.dev|Premium WordPress/);
    }
    // The admin's pages and login screen keep the specification's title.
    expect(await html('/licenses')).toContain('<title>Licensing Admin Dashboard</title>');

    const brand = emailBrand(t.ctx.settings);
    expect(brand).toEqual({
      storeName: 'Acme Widgets',
      supportEmail: 'help@acme.example',
      signature: ['Acme Widgets', 'Acme Widgets Ltd', '1 High Street, Leeds LS1 1AA', 'VAT GB123456789'],
      supportPromise: 'within 24 hours',
      spelling: 'british',
    });
    const signIn = renderSignInEmail({ signInUrl: 'https://acme.example/account/sign-in/x', brand });
    expect(signIn.subject).toBe('Sign in to your Acme Widgets account');
    expect(signIn.text).toContain('Need help? Write to help@acme.example.');
    const licence = renderLicenseEmail({ pluginName: 'Widget', licenseKey: 'K', downloadUrl: null, accountUrl: 'https://acme.example/account', brand });
    expect(licence.text).toMatch(/Acme Widgets\nAcme Widgets Ltd\n1 High Street, Leeds LS1 1AA\nVAT GB123456789$/);
    expect(`${licence.text}${licence.html}${signIn.text}${signIn.html}`).not.toMatch(/8022/);
    // Receipts name the legal seller unless Settings names one.
    expect(t.ctx.settings.get('seller_name')).toBe('Acme Widgets Ltd');

    // A blank support address is cleared, not kept.
    expect((await put({ support_email: '' })).json<StoreIdentity>().support_email).toBeNull();
    expect(renderSignInEmail({ signInUrl: 'u', brand: emailBrand(t.ctx.settings) }).text).not.toContain('Need help?');
  });

  it('names the sender after the store, from its support address, unless MAIL_FROM names one', () => {
    const acme = { name: 'Acme Widgets', address: 'help@acme.example' };
    expect(mailFrom(undefined, acme)).toEqual({ name: 'Acme Widgets', address: 'help@acme.example' });
    expect(mailFrom(undefined, { ...acme, address: null })).toEqual({ name: 'Acme Widgets', address: 'no-reply@localhost' });
    expect(mailFrom('shop@acme.example', acme)).toEqual({ name: 'Acme Widgets', address: 'shop@acme.example' });
    expect(mailFrom('Shop <shop@acme.example>', acme)).toBe('Shop <shop@acme.example>');
  });

  it('takes a logo through the images pipeline, refusing a non-image (415) and an oversized file (413)', async () => {
    const notImage = await uploadLogo(Buffer.from('<?php echo 1; ?>'.repeat(20)));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json<{ message: string }>().message).toMatch(/not a JPEG, PNG or WebP image/);
    const huge = await uploadLogo(Buffer.concat([await makeImage('png', 10, 10), Buffer.alloc(MAX_IMAGE_BYTES + 1)]));
    expect(huge.statusCode).toBe(413);
    expect((await uploadLogo(await makeImage('png', 10, 10), 'image')).statusCode).toBe(400);
    expect((await identity()).logo).toBeNull();

    const first = await uploadLogo(await makeImage('png', 240, 80));
    expect(first.statusCode).toBe(200);
    const logo = first.json<StoreIdentity>().logo;
    expect(logo).toMatchObject({ width: 240, height: 80 });
    expect((await t.app.inject({ method: 'GET', url: logo?.url ?? '' })).statusCode).toBe(200);
    expect(await html('/')).toContain(`"logo":"http://${HOST}${logo?.url}"`);

    // Replacing the logo removes the old files; removing it leaves none.
    const second = (await uploadLogo(await makeImage('webp', 200, 200))).json<StoreIdentity>().logo;
    expect(second?.url).not.toBe(logo?.url);
    expect((await t.app.inject({ method: 'GET', url: logo?.url ?? '' })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/storefront/logo', headers });
    expect(removed.json<StoreIdentity>().logo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second?.url ?? '' })).statusCode).toBe(404);
  });
});
