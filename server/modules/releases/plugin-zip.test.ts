import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGELOG_MAX_CHARS, MAX_PHP_FILES_READ, MAX_ZIP_ENTRIES, checkPluginZip } from './plugin-zip.js';
import { makeZip, makeZipOfManyFiles, pluginMainFile } from '../../test/release-test-helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-plugin-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (zip: Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, zip);
  return file;
};
const check = async (entries: Record<string, string>, version = '1.2.0') => checkPluginZip(write(await makeZip(entries)), 'zones', version);

describe('plugin zip checks', () => {
  it.each<{ case: string; entries: Record<string, string>; reason: string; detail: string }>([
    {
      case: 'files outside the slug folder',
      entries: { 'zones/zones.php': pluginMainFile('Zones', '1.2.0'), '__MACOSX/._zones': 'x' },
      reason: 'top-folder',
      detail: 'it has "__MACOSX" at the top',
    },
    {
      case: 'another top folder',
      entries: { 'zones-1.2.0/zones.php': pluginMainFile('Zones', '1.2.0') },
      reason: 'top-folder',
      detail: 'one folder named "zones"',
    },
    { case: 'files at the root', entries: { 'zones.php': pluginMainFile('Zones', '1.2.0') }, reason: 'top-folder', detail: '"zones.php" at the top' },
    {
      case: 'no plugin header',
      entries: { 'zones/zones.php': '<?php echo 1;', 'zones/readme.txt': '=== Zones ===' },
      reason: 'no-header',
      detail: 'No plugin header found',
    },
    {
      case: 'the header only in a subfolder',
      entries: { 'zones/inc/main.php': pluginMainFile('Zones', '1.2.0') },
      reason: 'no-header',
      detail: '"Plugin Name:"',
    },
    {
      case: 'a different header version',
      entries: { 'zones/zones.php': pluginMainFile('Zones', '1.1.0') },
      reason: 'version',
      detail: 'says Version 1.1.0, but this release is 1.2.0',
    },
    { case: 'no Version header', entries: { 'zones/zones.php': '<?php /* Plugin Name: Zones */' }, reason: 'version', detail: 'says no Version' },
  ])('refuses $case', async ({ entries, reason, detail }) => {
    const result = await check(entries);
    expect(result).toMatchObject({ ok: false, reason });
    expect(result.ok ? '' : result.detail).toContain(detail);
  });

  it('finds the main file among other PHP files and reads the readme', async () => {
    const result = await check({
      'zones/': '',
      'zones/uninstall.php': '<?php // nothing',
      'zones/loader.php': pluginMainFile('Zones', '1.2.0', ' * Requires PHP: 8.1\n * Author: <a href="https://acme.test">Acme</a>\n'),
      'zones/readme.txt':
        '=== Zones ===\nRequires at least: 6.2\nTested up to: 6.8\nRequires PHP: 7.4\n\n== Changelog ==\n= 1.2.0 =\n* New\n\n== Upgrade Notice ==\n= 1.2.0 =\nBack up first.\n',
    });
    expect(result).toEqual({
      ok: true,
      metadata: {
        mainFile: 'loader.php',
        header: expect.objectContaining({ name: 'Zones', version: '1.2.0' }),
        requiresWp: '6.2',
        testedWp: '6.8',
        requiresPhp: '8.1',
        author: 'Acme',
        changelog: '= 1.2.0 =\n* New',
        changelogHtml: '<h4>1.2.0</h4>\n<ul>\n<li>New</li>\n</ul>',
        upgradeNotice: 'Back up first.',
      },
    });
  });

  it('answers nulls when the zip has no readme', async () => {
    const result = await check({ 'zones/zones.php': pluginMainFile('Zones', '1.2.0') });
    expect(result).toMatchObject({
      ok: true,
      metadata: { requiresWp: null, testedWp: null, requiresPhp: null, author: null, changelog: null, changelogHtml: null, upgradeNotice: null },
    });
  });
});

describe('plugin zip checks: bounded work whatever the zip holds', () => {
  it(`refuses more than ${MAX_ZIP_ENTRIES} entries before reading them, saying how many`, async () => {
    const file = write(await makeZipOfManyFiles({ 'zones/zones.php': pluginMainFile('Zones', '1.2.0') }, 'zones', MAX_ZIP_ENTRIES));
    const started = performance.now();
    const result = await checkPluginZip(file, 'zones', '1.2.0');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result).toEqual({
      ok: false,
      reason: 'too-many-files',
      detail:
        'The zip holds 20,001 files and folders, more than the 20,000 a release may hold: leave development files (node_modules, tests, sources) out of the plugin zip',
    });
  });

  it(`accepts ${MAX_ZIP_ENTRIES} entries, read in well under the time the thread-pool reads took`, async () => {
    const file = write(await makeZipOfManyFiles({ 'zones/zones.php': pluginMainFile('Zones', '1.2.0') }, 'zones', MAX_ZIP_ENTRIES - 1));
    const started = performance.now();
    expect(await checkPluginZip(file, 'zones', '1.2.0')).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(5000); // 14 s before (one file system call per read, busy machine), 0.1 s now
  });

  it('reads zones.php and at most the first PHP files of the folder for a header', async () => {
    const others = Object.fromEntries(Array.from({ length: MAX_PHP_FILES_READ + 5 }, (_, n) => [`zones/a${String(n).padStart(3, '0')}.php`, '<?php // x']));
    expect(await check({ ...others, 'zones/zones.php': pluginMainFile('Zones', '1.2.0') })).toMatchObject({ ok: true, metadata: { mainFile: 'zones.php' } });
    const late = await check({ ...others, 'zones/zz-main.php': pluginMainFile('Zones', '1.2.0') });
    expect(late).toMatchObject({ ok: false, reason: 'no-header' });
    expect(late.ok ? '' : late.detail).toContain(`(zones.php and the first ${MAX_PHP_FILES_READ} PHP files there were read; name the main file zones.php)`);
  });

  it('reads the first readme.txt only', async () => {
    const zip = await makeZip({
      'zones/zones.php': pluginMainFile('Zones', '1.2.0'),
      'zones/readme.txt': 'Tested up to: 6.1\n',
      'zones/README.TXT': 'Tested up to: 6.9\n',
    });
    expect(await checkPluginZip(write(zip), 'zones', '1.2.0')).toMatchObject({ ok: true, metadata: { testedWp: '6.1' } });
  });

  it('keeps a changelog of at most CHANGELOG_MAX_CHARS, cut at a line end, and its HTML', async () => {
    const entries = Array.from({ length: 5000 }, (_, n) => `* Change number ${n}`).join('\n');
    const result = await check({ 'zones/zones.php': pluginMainFile('Zones', '1.2.0'), 'zones/readme.txt': `== Changelog ==\n= 1.2.0 =\n${entries}\n` });
    if (!result.ok) throw new Error(result.detail);
    expect(result.metadata.changelog?.length).toBeLessThanOrEqual(CHANGELOG_MAX_CHARS + 3);
    expect(result.metadata.changelog).toMatch(/\* Change number \d+\n\n…$/);
    expect(result.metadata.changelogHtml).toMatch(/^<h4>1\.2\.0<\/h4>\n<ul>\n<li>Change number 0<\/li>[^]*<\/ul>\n<p>…<\/p>$/);
  });

  it('keeps the zip fields plain text', async () => {
    const result = await check({
      'zones/zones.php': pluginMainFile(
        'Zones',
        '1.2.0',
        ' * Author: <a href="javascript:alert(1)">Acme</a><script>alert(1)</script>\n * Requires PHP: 8.1<img src=x onerror=alert(1)>\n',
      ),
      'zones/readme.txt':
        '=== Zones ===\nRequires at least: <script>alert(1)</script>\nTested up to: 6.8"><img src=x onerror=alert(1)>\n\n== Upgrade Notice ==\n= 1.2.0 =\n<img src=x onerror=alert(1)>Back <b>up</b> first.\n',
    });
    expect(result).toMatchObject({
      ok: true,
      metadata: { author: 'Acmealert(1)', requiresPhp: '8.1', requiresWp: null, testedWp: '6.8', upgradeNotice: 'Back up first.' },
    });
  });

  it('stops and rejects with the reason when the signal aborts (the client left)', async () => {
    const file = write(await makeZipOfManyFiles({ 'zones/zones.php': pluginMainFile('Zones', '1.2.0') }, 'zones', 5000));
    const controller = new AbortController();
    const gone = new Error('client gone');
    const checking = checkPluginZip(file, 'zones', '1.2.0', controller.signal);
    setImmediate(() => controller.abort(gone));
    await expect(checking).rejects.toBe(gone);
    const aborted = AbortSignal.abort(gone);
    await expect(checkPluginZip(file, 'zones', '1.2.0', aborted)).rejects.toBe(gone);
  });
});
