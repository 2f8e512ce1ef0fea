import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from './checkout-test-helpers.js';

/**
 * A local stand-in for the EU's VIES REST API (POST /check-vat-number {countryCode, vatNumber}): the numbers in
 * `valid` are registered, any other is not; `mode = 'down'` answers 500 MS_UNAVAILABLE as VIES does when a member
 * state's registry is away. Pass `env.VIES_URL` to createTestApp.
 */
export async function startViesStandIn(valid: readonly string[]) {
  const state = { mode: 'up' as 'up' | 'down', requests: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      state.requests += 1;
      response.setHeader('content-type', 'application/json');
      if (state.mode === 'down' || request.url !== '/check-vat-number') {
        response.statusCode = 500;
        response.end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }));
        return;
      }
      const { countryCode, vatNumber } = JSON.parse(body) as { countryCode: string; vatNumber: string };
      const isValid = valid.includes(`${countryCode}${vatNumber}`);
      response.end(JSON.stringify({ countryCode, vatNumber, valid: isValid, name: isValid ? 'ACME SARL' : '---', requestDate: new Date().toISOString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Adds a tier of the buyable plugin (EUR 100.00 a year unless told) and answers its id. */
export async function addTier(t: TestApp, admin: Record<string, string>, tier: Partial<{ name: string; amount: number; currency: string; term: string }> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`,
    headers: admin,
    payload: { name: 'Euro', sites: 1, term: 'year', amount: 10_000, currency: 'EUR', ...tier },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

/**
 * A test app (with `env`) whose buyable plugin has its qualifying release and one tier (addTier's `tier`), with the
 * admin's headers; with `settings`, the tax is set up so. Answers the app, the headers and the tier's id.
 */
export async function createTaxShop(options: { env?: Record<string, string>; tier?: Parameters<typeof addTier>[2]; settings?: object } = {}) {
  const t = await createTestApp({ env: options.env });
  await ensureQualifyingRelease(t.db);
  const admin = await t.adminHeaders();
  const tierId = await addTier(t, admin, options.tier);
  if (options.settings) await setTaxSettings(t, admin, options.settings);
  return { t, admin, tierId };
}

export type ViesStandIn = Awaited<ReturnType<typeof startViesStandIn>>;

/**
 * Registers the hooks of a describe block: createTaxShop's shop, checking VAT numbers against a VIES stand-in where
 * `viesValid` are registered, handed to `use` before the tests; both closed after them.
 */
export function withViesTaxShop(
  viesValid: readonly string[],
  options: Omit<Parameters<typeof createTaxShop>[0] & object, 'env'>,
  use: (shop: Awaited<ReturnType<typeof createTaxShop>> & { vies: ViesStandIn }) => unknown,
): void {
  let shop: (Awaited<ReturnType<typeof createTaxShop>> & { vies: ViesStandIn }) | undefined;
  beforeAll(async () => {
    const vies = await startViesStandIn(viesValid);
    shop = { ...(await createTaxShop({ ...options, env: { VIES_URL: vies.url } })), vies };
    await use(shop);
  });
  afterAll(async () => {
    await shop?.t.close();
    await shop?.vies.close();
  });
}

export async function setTaxSettings(t: TestApp, admin: Record<string, string>, settings: object) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: admin, payload: settings });
  expect(response.statusCode, response.body).toBe(200);
}

/** Buys a tier with the test provider as `buyer` (country, VAT number…) paying `amount`; answers the paid order's id. */
export async function buyWithTax(t: TestApp, priceId: number, amount: number, buyer: Record<string, unknown>) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { items: [{ id: BUYABLE_SLUG, price_id: priceId }], amount, customerEmail: 'buyer@example.com', ...buyer },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
  expect(paid.json()).toEqual({ status: 'succeeded' });
  const order = await t.db.selectFrom('orders').selectAll().where('client_secret_hash', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return order;
}

/** A PDF's text, by pdftotext (poppler-utils), reading order kept. */
export const pdfText = (pdf: Buffer): string => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
