// What the EDD-compatible API's tests set up alike: a shop whose plugin answers to an EDD item, and a poster of
// EDD's form bodies that calls from a new address each time (so per-IP budgets never interfere).
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { seedDemoRelease } from '../modules/releases/index.js';

export interface EddItemLink {
  edd_item_id?: number;
  edd_item_name?: string;
}

/**
 * A test app with budgets that never bite, whose `plugin` answers to EDD as `link` (set through the admin API);
 * with `release`, the demo release is published first (for get_version and package links).
 */
export async function createEddTestApp(plugin: string, link: EddItemLink, options: TestAppOptions & { release?: boolean } = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
  if (options.release) expect(await seedDemoRelease(t.ctx)).toBe(true);
  const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${plugin}`, headers: await t.adminHeaders(), payload: link });
  expect(patch.statusCode, patch.body).toBe(200);
  expect(patch.json()).toMatchObject(link);
  return t;
}

/** Posts EDD's fields as a form to `/`, each call from the next address of `10.<subnet>.0.*`. */
export function eddFormPoster(app: () => TestApp, subnet: number) {
  let ip = 0;
  const post = (fields: Record<string, string>) => {
    ip += 1;
    return app().app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.${subnet}.0.${ip}` },
      payload: new URLSearchParams(fields).toString(),
    });
  };
  return Object.assign(post, { calls: () => ip });
}
