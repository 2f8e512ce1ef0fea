import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import type { PostcodeBulkResponse } from '../../../common/postcode.js';

// Who may call the postcode test tools, and what a public caller can cost.
describe(`postcode test calls: access and limits (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.inject({ method: 'POST', url: '/api/postcode/admin/setup-test-data', headers: await t.adminHeaders() });
  });
  afterAll(async () => t.close());

  const bulk = { postcodes: ['NE39 1AA', 'SR1 1AA'], order_total: 25 };
  const postBulk = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/postcode/test-bulk', headers, payload: bulk });

  it('refuses the bulk test to anonymous callers and a wrong token', async () => {
    expect((await postBulk()).statusCode).toBe(401);
    expect((await postBulk({ authorization: 'Bearer wrong-token' })).statusCode).toBe(401);
  });

  it('answers the bulk test to a signed-in admin and to the API token (bench/postcode-bulk.ts uses it)', async () => {
    const signedIn = await postBulk(await t.adminHeaders());
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<PostcodeBulkResponse>().data.total_tested).toBe(2);
    const token = (await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: await t.adminHeaders() })).json<{ token: string }>()
      .token;
    expect((await postBulk({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('keeps the single test public, limited per IP by the Settings value (60 a minute by default)', async () => {
    const single = () =>
      t.app.inject({ method: 'POST', url: '/api/postcode/test', remoteAddress: '198.51.100.20', payload: { postcode: 'NE39 1AA', order_total: 25 } });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await single()).statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(60);
    expect(codes.at(-1)).toBe(429);
  });

  it('refuses a single-test body far larger than a postcode needs with 413 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/postcode/test',
      remoteAddress: '198.51.100.21',
      payload: { postcode: 'NE39 1AA', order_total: 25, padding: 'x'.repeat(100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/too large/i);
  });
});
