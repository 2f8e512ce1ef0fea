import { describe, expect, it } from 'vitest';
import { testDialect, withTestApp, type TestApp } from '../../test/test-app.js';

describe(`health (${testDialect()})`, () => {
  let t: TestApp;
  withTestApp({}, (made) => (t = made));

  it('answers ok with the dialect and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDialect(), version: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
