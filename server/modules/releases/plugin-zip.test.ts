import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPluginZip } from './plugin-zip.js';
import { makeZip, pluginMainFile } from '../../test/release-test-helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-plugin-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const check = async (entries: Record<string, string>, version = '1.2.0') => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, await makeZip(entries));
  return checkPluginZip(file, 'zones', version);
};

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
