import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  BULK_POSTCODE_LIMIT,
  postcodeBulkResponseSchema,
  type PostcodeBulkResponse,
  type PostcodeTestResponse,
  type PrecedenceResponse,
  type SuiteResponse,
  type TestDataSummaryResponse,
} from '../../../common/postcode.js';

// Every row of docs/postcode-engine.md, through POST /api/postcode/test.
const WEDNESDAY = '2025-09-17';
const SATURDAY = '2025-09-20';
const EXPECTED_ROWS: Array<
  [postcode: string, order: number, date: string | null, allowed: boolean, free: boolean, base: number, source: string, surcharge: number, total: number]
> = [
  ['NE39 1AA', 25, null, true, false, 350, 'sector_pricing', 0, 350],
  ['NE39 1AA', 100, null, true, true, 0, 'sector_pricing', 0, 0],
  ['NE39 1AA', 25, WEDNESDAY, true, false, 350, 'sector_pricing', 150, 500],
  ['NE39 1AA', 25, SATURDAY, true, false, 350, 'sector_pricing', 300, 650],
  ['NE39 1AB', 25, null, true, false, 250, 'full_rule', 0, 250],
  ['NE16 6AA', 25, null, true, false, 650, 'sector_rule', 0, 650],
  ['NE16 4AA', 25, null, true, false, 475, 'sector_pricing', 0, 475],
  ['NE39 2AA', 25, null, false, false, 0, 'blocked', 0, 0],
  ['NE21 4AB', 25, null, true, false, 600, 'full_rule', 0, 600],
  ['NE21 4AA', 25, null, false, false, 0, 'blocked', 0, 0],
  ['NE17 7AA', 25, null, false, false, 0, 'blocked', 0, 0],
  ['DH8 5AB', 25, null, true, false, 800, 'area_rule', 0, 800],
  ['SR1 1AA', 25, null, false, false, 0, 'not_allowed', 0, 0],
  ['INVALID', 25, null, false, false, 0, 'invalid', 0, 0],
];

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  const setup = await t.app.inject({ method: 'POST', url: '/api/postcode/admin/setup-test-data', headers: admin });
  expect(setup.statusCode).toBe(200);
});
afterAll(async () => t.close());

const testPostcode = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/postcode/test', payload: payload as Record<string, unknown> });

describe('postcode engine over the documented fixture', () => {
  it.each(EXPECTED_ROWS)('%s, £%s, date %s', async (postcode, order, date, allowed, free, base, source, surcharge, total) => {
    const response = await testPostcode({ postcode, order_total: order, ...(date ? { delivery_date: date } : {}) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<PostcodeTestResponse>();
    expect(data.test_result.delivery_allowed).toBe(allowed);
    expect(data.test_result.is_valid).toBe(postcode !== 'INVALID');
    expect(data.pricing_result).toEqual({
      base_cost: base,
      surcharge,
      total_cost: total,
      is_free_delivery: free,
      pricing_source: source,
      order_total: order * 100,
      free_delivery_threshold: 5000,
    });
  });

  it('answers the full test result shape', async () => {
    const { data } = (await testPostcode({ postcode: 'ne391aa', order_total: 25 })).json<PostcodeTestResponse>();
    expect(data.test_result).toMatchObject({
      postcode: 'ne391aa',
      base_price: 350,
      normalized_data: { normalized: 'NE39 1AA', outward: 'NE39', inward: '1AA', area: 'NE', district: 'NE39', sector: 'NE39 1' },
      best_match: { type: 'allow', blocked: false, price: 450, matched_type: 'district', matched_value: 'NE39' },
    });
    expect(data.test_result.variations.map((v) => v.priority)).toEqual([1, 2, 3, 4]);
    expect(typeof data.test_result.execution_time_ms).toBe('number');
  });
});

describe('test data setup and summary', () => {
  it('installs the fixture idempotently', async () => {
    const again = await t.app.inject({ method: 'POST', url: '/api/postcode/admin/setup-test-data', headers: admin });
    expect(again.statusCode).toBe(200);
    const summary = await t.app.inject({ method: 'GET', url: '/api/postcode/admin/test-data-summary', headers: admin });
    expect(summary.json<TestDataSummaryResponse>().data.summary).toEqual({
      area_rules: 4,
      sector_rules: 3,
      full_rules: 2,
      blacklist_rules: 6,
      sector_pricing_entries: 2,
    });
  });

  it('refuses the admin calls without a session or with a wrong token', async () => {
    for (const [method, url] of [
      ['GET', '/api/postcode/admin/test-data-summary'],
      ['POST', '/api/postcode/admin/setup-test-data'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(401);
    }
  });

  it('starts empty: nothing is delivered before setup', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const summary = await fresh.app.inject({ method: 'GET', url: '/api/postcode/admin/test-data-summary', headers: await fresh.adminHeaders() });
      expect(summary.json<TestDataSummaryResponse>().data.summary).toEqual({
        area_rules: 0,
        sector_rules: 0,
        full_rules: 0,
        blacklist_rules: 0,
        sector_pricing_entries: 0,
      });
      const response = await fresh.app.inject({ method: 'POST', url: '/api/postcode/test', payload: { postcode: 'NE39 1AA', order_total: 25 } });
      expect(response.json<PostcodeTestResponse>().data.test_result.delivery_allowed).toBe(false);
      const suite = await fresh.app.inject({ method: 'GET', url: '/api/postcode/test-suite/user-scenarios' });
      expect(suite.json<SuiteResponse>().data.failed).toBeGreaterThan(0);
      // After setup the same running app answers from the rebuilt index.
      await fresh.app.inject({ method: 'POST', url: '/api/postcode/admin/setup-test-data', headers: await fresh.adminHeaders() });
      const after = await fresh.app.inject({ method: 'POST', url: '/api/postcode/test', payload: { postcode: 'NE39 1AA', order_total: 25 } });
      expect(after.json<PostcodeTestResponse>().data.pricing_result.total_cost).toBe(350);
    } finally {
      await fresh.close();
    }
  });
});

describe('bad input', () => {
  it.each([
    [{ order_total: 25 }, /postcode is required/],
    [{ postcode: '   ', order_total: 25 }, /postcode is required/],
    [{ postcode: 'NE39 1AA', order_total: 'lots' }, /order_total must be a number/],
    [{ postcode: 'NE39 1AA', order_total: -1 }, /must not be negative/],
    [{ postcode: 'NE39 1AA', order_total: 25, delivery_date: '2025-02-30' }, /real calendar date/],
    [{ postcode: 'NE39 1AA', order_total: 25, delivery_date: 'next tuesday' }, /real calendar date/],
  ])('answers 400 with a message for %j', async (payload, message) => {
    const response = await testPostcode(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/postcode/test',
      headers: { 'content-type': 'application/json' },
      payload: '{"postcode":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('bulk test', () => {
  it('tests the sample list', async () => {
    const postcodes = ['NE39 1AA', 'NE39 1AB', 'NE16 6AA', 'NE16 4AA', 'NE39 2AA', 'NE21 4AB', 'DH8 5AB', 'SR1 1AA'];
    const response = await t.app.inject({ method: 'POST', url: '/api/postcode/test-bulk', headers: admin, payload: { postcodes, order_total: 25 } });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<PostcodeBulkResponse>();
    expect(data.total_tested).toBe(8);
    expect(data.results.map((r) => r.delivery_allowed)).toEqual([true, true, true, true, false, true, true, false]);
    expect(data.results[0]?.formatted_pricing).toEqual({ total_cost: '£3.50', base_cost: '£3.50', surcharge: '£0.00' });
    // The answer is written by fast-json-stringify: it must be exactly what the schema describes.
    expect(response.json()).toEqual(postcodeBulkResponseSchema.parse(response.json()));
  });

  it(`takes ${BULK_POSTCODE_LIMIT} postcodes and refuses one more with a clear 400`, async () => {
    const full = Array.from({ length: BULK_POSTCODE_LIMIT }, (_, i) => (i % 2 ? 'NE39 1AA' : 'DH8 5AB'));
    const ok = await t.app.inject({ method: 'POST', url: '/api/postcode/test-bulk', headers: admin, payload: { postcodes: full, order_total: 25 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<PostcodeBulkResponse>().data.total_tested).toBe(BULK_POSTCODE_LIMIT);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/postcode/test-bulk',
      headers: admin,
      payload: { postcodes: [...full, 'NE39 1AA'], order_total: 25 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/at most 10,000 postcodes/);
  });

  it('refuses an empty list and a list that is not a list', async () => {
    for (const postcodes of [[], 'NE39 1AA']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/postcode/test-bulk', headers: admin, payload: { postcodes, order_total: 25 } });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('test suites', () => {
  it('passes every user scenario', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/postcode/test-suite/user-scenarios' });
    const { data } = response.json<SuiteResponse>();
    expect(data).toMatchObject({ total_tests: 14, passed: 14, failed: 0, pass_rate: 100 });
    expect(data.results[0]).toMatchObject({ postcode: 'NE39 1AA', expected_match: true });
    expect(data.results[0]?.formatted_actual).toBe(data.results[0]?.formatted_expected);
  });

  it('passes every precedence scenario', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/postcode/test-suite/precedence' });
    const { data } = response.json<PrecedenceResponse>();
    expect(data.failed).toBe(0);
    expect(data.pass_rate).toBe(100);
    const sameLevel = data.results.find((r) => r.postcode === 'NE17 7AA');
    expect(sameLevel?.all_applicable_rules).toEqual([
      { kind: 'blacklist', level: 'sector', value: 'NE17 7', price: null },
      { kind: 'allow', level: 'sector', value: 'NE17 7', price: 600 },
      { kind: 'allow', level: 'district', value: 'NE17', price: 500 },
    ]);
  });
});
