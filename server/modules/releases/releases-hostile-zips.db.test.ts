import fs from 'node:fs';
import http from 'node:http';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { makeZip, makeZipOfManyFiles, multipartBody, pluginMainFile } from '../../test/release-test-helpers.js';
import { releasesDir } from './release-storage.js';
import { CHANGELOG_HTML_MAX_CHARS, MAX_ZIP_ENTRIES } from './plugin-zip.js';
import * as migration0018 from '../../db/migrations/0018-release-changelogs.js';

// Issue 23: what a zip holds must not freeze the server, cost unbounded memory, reach WordPress as HTML, or be
// stored for a client that gave up.

const SLUG = 'postcode-delivery-zones';

/** Lets a test hold the zip check until the upload's signal aborts (the client left), to leave mid-check. */
const hold = vi.hoisted(() => ({ active: false, started: () => {}, settled: () => {} }));
vi.mock('./plugin-zip.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./plugin-zip.js')>();
  return {
    ...original,
    checkPluginZip: async (file: string, slug: string, version: string, signal?: AbortSignal) => {
      if (!hold.active) return original.checkPluginZip(file, slug, version, signal);
      hold.started();
      await new Promise<void>((resolve) => {
        if (!signal || signal.aborted) return resolve();
        signal.addEventListener('abort', () => resolve(), { once: true });
        setTimeout(resolve, 10_000);
      });
      try {
        return await original.checkPluginZip(file, slug, version, signal);
      } finally {
        hold.settled();
      }
    },
  };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`hostile release zips (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;

  const storedFiles = () => (fs.existsSync(releasesDir(t.config.dataDir)) ? fs.readdirSync(releasesDir(t.config.dataDir)) : []);
  const releaseRows = async (version: string) => t.db.selectFrom('releases').select('id').where('version', '=', version).execute();
  const upload = async (version: string, zip: Buffer) => {
    const body = multipartBody({ plugin_slug: SLUG, version, notes: '' }, { content: zip });
    return t.app.inject({ method: 'POST', url: '/api/admin/releases', payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const updateCheck = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update` });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, string | undefined> & { sections: { changelog: string; description: string } }>();
  };
  /** The tags of an HTML text, by name. */
  const tagNames = (html: string) => [...new Set(html.match(/<\/?([a-z0-9]+)/gi)?.map((tag) => tag.replace(/[</]/g, '').toLowerCase()))].sort();

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
  });
  afterAll(async () => t.close());

  it(`refuses a zip of more than ${MAX_ZIP_ENTRIES.toLocaleString('en-GB')} files with a 400 that says so, fast, storing nothing`, async () => {
    const zip = await makeZipOfManyFiles({ [`${SLUG}/${SLUG}.php`]: pluginMainFile('Zones', '2.0.0') }, SLUG, 25_000);
    const before = storedFiles();
    const started = performance.now();
    const response = await upload('2.0.0', zip);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'The zip holds 25,001 files and folders, more than the 20,000 a release may hold: leave development files (node_modules, tests, sources) out of the plugin zip',
    );
    expect(storedFiles()).toEqual(before);
    expect(await releaseRows('2.0.0')).toEqual([]);
  });

  it('stores nothing when the client disconnects while its zip is checked', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const before = storedFiles();
    const checkStarted = new Promise<void>((resolve) => (hold.started = resolve));
    const checkSettled = new Promise<void>((resolve) => (hold.settled = resolve));
    hold.active = true;
    try {
      const body = multipartBody(
        { plugin_slug: SLUG, version: '2.0.1', notes: '' },
        { content: await makeZip({ [`${SLUG}/${SLUG}.php`]: pluginMainFile('Zones', '2.0.1') }) },
      );
      const request = http.request({
        host: '127.0.0.1',
        port: address.port,
        method: 'POST',
        path: '/api/admin/releases',
        headers: { ...headers, ...body.headers, 'content-length': body.payload.length },
      });
      request.on('error', () => undefined); // the socket is destroyed below
      request.end(body.payload);
      await checkStarted;
      request.destroy();
      await checkSettled;
      // The upload's clean-up (the temporary file) runs right after the check.
      for (let n = 0; n < 100 && storedFiles().some((name) => name.startsWith('.upload-')); n++) await sleep(20);
    } finally {
      hold.active = false;
    }
    expect(await releaseRows('2.0.1')).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('answers the zip fields to WordPress as plain text and the changelog with its own tags only', async () => {
    const zip = await makeZip({
      [`${SLUG}/${SLUG}.php`]: pluginMainFile(
        'Zones',
        '2.1.0',
        ' * Author: <a href="javascript:alert(1)">Acme</a><script>alert(1)</script>\n * Requires at least: 6.1<script>alert(1)</script>\n * Requires PHP: <img src=x onerror=alert(1)>8.1\n',
      ),
      [`${SLUG}/readme.txt`]: [
        '=== Zones ===',
        'Tested up to: 6.8"><script>alert(1)</script>',
        '',
        '== Changelog ==',
        '= 2.1.0 <script>alert(1)</script> =',
        '* <img src=x onerror=alert(1)>',
        '* <a href="javascript:alert(1)">Details</a>',
        '<iframe src="https://evil.test"></iframe>',
        '',
        '== Upgrade Notice ==',
        '= 2.1.0 =',
        '<img src=x onerror=alert(1)>Back up <a href="javascript:alert(1)">first</a>.<script>alert(1)</script>',
      ].join('\n'),
    });
    expect((await upload('2.1.0', zip)).statusCode).toBe(201);
    const answer = await updateCheck();
    expect(answer).toMatchObject({
      version: '2.1.0',
      requires: '6.1',
      tested: '6.8',
      requires_php: '8.1',
      author: 'Acmealert(1)',
      upgrade_notice: 'Back up first.alert(1)',
    });
    expect(tagNames(answer.sections.changelog)).toEqual(['h4', 'li', 'p', 'ul']);
    expect(answer.sections.changelog).toContain('<li>&lt;img src=x onerror=alert(1)&gt;</li>');
    expect(answer.sections.changelog).toContain('<li>&lt;a href=&quot;javascript:alert(1)&quot;&gt;Details&lt;/a&gt;</li>');
  });

  it('answers the same plain fields for a release stored before (raw HTML in its row, a changelog without HTML)', async () => {
    const row = await t.db.selectFrom('releases').selectAll().where('version', '=', '2.1.0').executeTakeFirstOrThrow();
    await t.db
      .updateTable('releases')
      .set({
        author: '<a href="javascript:alert(1)">Acme</a>',
        requires_wp: '<script>alert(1)</script>',
        tested_wp: '6.7<img src=x onerror=alert(1)>',
        requires_php: '8.0 "onmouseover=alert(1)',
        upgrade_notice: '<script>alert(1)</script><b>Back up</b> & go',
      })
      .where('id', '=', row.id)
      .execute();
    await t.db
      .updateTable('release_changelogs')
      .set({ html: null, changelog: '= 2.1.0 =\n* <script>alert(1)</script>' })
      .where('release_id', '=', row.id)
      .execute();
    const answer = await updateCheck();
    expect(answer).toMatchObject({ requires: null, tested: '6.7', requires_php: '8.0', author: 'Acme', upgrade_notice: 'alert(1)Back up &amp; go' });
    expect(answer.sections.changelog).toBe('<h4>2.1.0</h4>\n<ul>\n<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>\n</ul>');
  });

  it('uploads a release with a 1 MB hostile readme quickly and answers its update check quickly, with a bounded changelog', async () => {
    const hostile = [
      '=== Zones ===',
      `==${' '.repeat(3000)}x`,
      '== Changelog ==',
      '= 2.2.0 =',
      `=${' '.repeat(3000)}x`,
      ...Array.from({ length: 2000 }, () => `* ${'*['.repeat(100)} ${'`('.repeat(100)}`),
      '= = '.repeat(50_000),
    ].join('\n');
    expect(hostile.length).toBeGreaterThan(500_000);
    const zip = await makeZip({ [`${SLUG}/${SLUG}.php`]: pluginMainFile('Zones', '2.2.0'), [`${SLUG}/readme.txt`]: hostile });
    let started = performance.now();
    expect((await upload('2.2.0', zip)).statusCode).toBe(201);
    expect(performance.now() - started).toBeLessThan(5000);
    started = performance.now();
    const answer = await updateCheck();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.version).toBe('2.2.0');
    expect(answer.sections.changelog.length).toBeLessThanOrEqual(CHANGELOG_HTML_MAX_CHARS);
    expect(answer.sections.changelog).toMatch(/^<h4>2\.2\.0<\/h4>\n<p>=\s+x<\/p>\n<ul>\n<li>/);
  });

  it('moves changelogs stored in releases before migration 0018 to release_changelogs, answered converted', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    const before = (await updateCheck()).sections.changelog;
    await migration0018.down(db);
    await migration0018.up(db);
    const rows = await t.db.selectFrom('release_changelogs').select(['html', 'changelog']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.html === null && row.changelog.length > 0)).toBe(true);
    expect((await updateCheck()).sections.changelog).toBe(before);
  });
});
