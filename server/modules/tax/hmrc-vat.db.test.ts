import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { addTier, setTaxSettings } from '../../test/tax-test-helpers.js';
import { UK_REVERSE_CHARGE_NOTE } from '../../../common/tax.js';

/** A local stand-in for HMRC's "Check a UK VAT number" API v2 and its OAuth token endpoint. */
async function startHmrcStandIn(registered: readonly string[]) {
  const state = { mode: 'up' as 'up' | 'down', tokens: 0, lookups: [] as Array<{ vrn: string; authorization: string | undefined }> };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (state.mode === 'down') {
        response.statusCode = 503;
        response.end(JSON.stringify({ code: 'SERVER_ERROR' }));
        return;
      }
      if (request.method === 'POST' && request.url === '/oauth/token') {
        state.tokens += 1;
        response.end(JSON.stringify({ access_token: 'hmrc-token', token_type: 'bearer', expires_in: 14_400 }));
        return;
      }
      const vrn = /^\/organisations\/vat\/check-vat-number\/lookup\/(\d+)$/.exec(request.url ?? '')?.[1];
      if (!vrn || request.headers.authorization !== 'Bearer hmrc-token') {
        response.statusCode = vrn ? 401 : 404;
        response.end(JSON.stringify({ code: vrn ? 'MISSING_CREDENTIALS' : 'MATCHING_RESOURCE_NOT_FOUND' }));
        return;
      }
      state.lookups.push({ vrn, authorization: request.headers.authorization });
      if (!registered.includes(vrn)) {
        response.statusCode = 404;
        response.end(JSON.stringify({ code: 'NOT_FOUND', reason: 'targetVrn does not match a registered company' }));
        return;
      }
      response.end(
        JSON.stringify({
          target: { name: 'Widgets Ltd', vatNumber: vrn, address: { line1: '1 High St', countryCode: 'GB' } },
          processingDate: '2026-11-28T10:00:00+00:00',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// UK VAT numbers are checked with HMRC when the vendor is UK-registered (docs/tax.md "Businesses").
describe(`UK VAT numbers checked with HMRC (${testDialect()})`, () => {
  let t: TestApp;
  let hmrc: Awaited<ReturnType<typeof startHmrcStandIn>>;
  let tier: number;
  beforeAll(async () => {
    hmrc = await startHmrcStandIn(['980780684']);
    t = await createTestApp({ env: { HMRC_VAT_URL: hmrc.url, HMRC_CLIENT_ID: 'client', HMRC_CLIENT_SECRET: 'secret' } });
    await ensureQualifyingRelease(t.db);
    const admin = await t.adminHeaders();
    tier = await addTier(t, admin, { currency: 'GBP' });
    await setTaxSettings(t, admin, { seller_country: 'IE', eu_oss: true, uk: true });
  });
  afterAll(async () => {
    await t.close();
    await hmrc.close();
  });

  const quote = async (vatNumber: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { items: [{ id: BUYABLE_SLUG, price_id: tier }], country: 'GB', vat_number: vatNumber },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ net: number; tax: number; total: number; treatment: string; note: string | null }>();
  };

  it('a number HMRC knows is reverse charged; the lookup carries the application token', async () => {
    expect(await quote('GB 980 7806 84')).toMatchObject({ net: 10_000, tax: 0, total: 10_000, treatment: 'reverse_charge', note: UK_REVERSE_CHARGE_NOTE });
    expect(hmrc.state.lookups.at(-1)).toEqual({ vrn: '980780684', authorization: 'Bearer hmrc-token' });
  });

  it('a number HMRC does not know pays UK VAT, and the note says why', async () => {
    const answer = await quote('GB434031494');
    expect(answer).toMatchObject({ tax: 2_000, total: 12_000, treatment: 'standard' });
    expect(answer.note).toMatch(/^HMRC reports GB434031494 as not registered for VAT, so VAT is charged/);
  });

  it('HMRC unreachable: the safe outcome, VAT is charged and the note says how to reclaim it', async () => {
    hmrc.state.mode = 'down';
    try {
      const answer = await quote('GB980780684');
      expect(answer).toMatchObject({ tax: 2_000, total: 12_000, treatment: 'standard' });
      expect(answer.note).toMatch(/^HMRC could not check GB980780684 .*so VAT is charged\. You can reclaim it through your VAT return.*once HMRC confirms/);
    } finally {
      hmrc.state.mode = 'up';
    }
  });
});
