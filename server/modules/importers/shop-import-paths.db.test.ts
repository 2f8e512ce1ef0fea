import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { multipartBody } from '../../test/release-test-helpers.js';
import { uploadTestRelease } from '../../test/rollout-test-helpers.js';

// Issue 37 point 5: an imported release's zip_path is checked against the release store (docs/migrating.md): a
// path out of it is a 400 naming the row, on a dry run as on the import, and nothing is written.
describe(`imported release paths stay in the store (${testDialect()})`, () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp({ seed: false });
    await uploadTestRelease(source, '1.8.0');
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  const importInto = async (content: Buffer, apply: boolean) => {
    const form = multipartBody({ format: 'self', apply: String(apply) }, { content, filename: 'shop-export.json' });
    return target.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...(await target.adminHeaders()), ...form.headers },
      payload: form.payload,
    });
  };

  it('refuses ../ and absolute paths with a 400 naming the row, and imports a plain file name', async () => {
    const exported = (await source.app.inject({ method: 'GET', url: '/api/admin/export', headers: await source.adminHeaders() })).json<
      Record<string, Array<Record<string, unknown>>>
    >();
    const index = exported.releases!.length - 1;
    for (const zipPath of ['../../../../etc/passwd', '/etc/passwd', 'sub/dir.zip', '..', 'a\\..\\..\\b.zip']) {
      const hostile = structuredClone(exported);
      hostile.releases![index]!.zip_path = zipPath;
      for (const apply of [false, true]) {
        const refused = await importInto(Buffer.from(JSON.stringify(hostile)), apply);
        expect(refused.statusCode, zipPath).toBe(400);
        expect(refused.json<{ message: string }>().message).toBe(
          `releases[${index}].zip_path ${JSON.stringify(zipPath)} is not a file name in the release store: it must be a plain name such as plugin-1.0.0-1a2b3c.zip (letters, digits, dots, dashes), without folders`,
        );
      }
    }
    expect(await target.db.selectFrom('releases').select('id').execute()).toEqual([]);
    const applied = await importInto(Buffer.from(JSON.stringify(exported)), true);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await target.db.selectFrom('releases').select('zip_path').execute()).map((row) => row.zip_path)).toContain(exported.releases![index]!.zip_path);
  });
});
