import { beforeAll, describe, expect, it } from 'vitest';
import { parsePluginHeader, parseReadme, readFileHeader, subsections, upgradeNoticeFor } from './plugin-headers.js';
import { cutSection, readmeSectionToHtml, stripTags, textAsHtml, versionText } from './readme-html.js';

describe('plugin main file header (get_file_data rules)', () => {
  it.each([
    { case: 'a docblock line', text: '<?php\n/**\n * Plugin Name: Shop Zones\n */', name: 'Plugin Name', value: 'Shop Zones' },
    { case: 'case-insensitive name', text: '<?php\n/*\nplugin name: Shop Zones\n*/', name: 'Plugin Name', value: 'Shop Zones' },
    { case: 'on the <?php line', text: '<?php /* Plugin Name: Inline */', name: 'Plugin Name', value: 'Inline' },
    { case: 'a # or @ prefix', text: '<?php\n# Version: 1.2.3\n', name: 'Version', value: '1.2.3' },
    { case: 'a closing */ after the value', text: '<?php /* Version: 2.0.0 */', name: 'Version', value: '2.0.0' },
    { case: 'CRLF line ends', text: '<?php\r\n/**\r\n * Version: 1.0.0\r\n */', name: 'Version', value: '1.0.0' },
    { case: 'text before the prefix (not a header)', text: '<?php\n$x = "Version: 9.9.9";', name: 'Version', value: '' },
    { case: '"Author URI" is not "Author"', text: '<?php\n/*\n * Author URI: https://x.test\n */', name: 'Author', value: '' },
    { case: 'past the first 8 KB', text: `<?php\n/*${' '.repeat(8200)}\n * Version: 1.0.0\n */`, name: 'Version', value: '' },
    { case: 'the first occurrence wins', text: '<?php\n/*\n * Version: 1.0.0\n * Version: 2.0.0\n */', name: 'Version', value: '1.0.0' },
  ])('$case', ({ text, name, value }) => {
    expect(readFileHeader(text, name)).toBe(value);
  });

  it('reads the five plugin headers', () => {
    const text =
      '<?php\n/**\n * Plugin Name: Zones\n * Version: 1.2.0\n * Requires at least: 6.1\n * Requires PHP: 8.1\n * Author: Acme Ltd\n * Author URI: https://acme.test\n */';
    expect(parsePluginHeader(text)).toEqual({ name: 'Zones', version: '1.2.0', requiresWp: '6.1', requiresPhp: '8.1', author: 'Acme Ltd' });
  });
});

const README = `=== Zones ===
Contributors: acme
Requires at least: 6.0
Tested up to: 6.8
Requires PHP: 8.0
Stable tag: 1.2.0

Short description: with a colon.

== Description ==

Long text.

== Changelog ==

= 1.2.0 =
* Sector pricing
* <script>x</script>

= 1.1.0 =
Faster checks.

== Upgrade Notice ==

= 1.2.0 =
Re-save your zones after updating.

= 1.1.0 =
Nothing to do.
`;

describe('readme.txt (WordPress.org subset)', () => {
  const readme = parseReadme(README);

  it('reads the header fields before the first section', () => {
    expect(readme).toMatchObject({ testedUpTo: '6.8', stableTag: '1.2.0', requiresAtLeast: '6.0', requiresPhp: '8.0' });
  });

  it.each([
    { version: '1.2.0', notice: 'Re-save your zones after updating.' },
    { version: '1.1.0', notice: 'Nothing to do.' },
    { version: '9.9.9', notice: '' },
  ])('upgrade notice for $version', ({ version, notice }) => {
    expect(upgradeNoticeFor(readme, version)).toBe(notice);
  });

  it('splits a section into its version entries', () => {
    expect([...subsections(readme.sections.changelog ?? '').keys()]).toEqual(['1.2.0', '1.1.0']);
  });

  it('accepts Markdown headings too', () => {
    const markdown = parseReadme('# Zones\nTested up to: 6.7\n\n## Changelog\n### 2.0.0\n* New\n\n## Upgrade Notice\n### 2.0.0\nBack up first.\n');
    expect(markdown.testedUpTo).toBe('6.7');
    expect(markdown.sections.changelog).toBe('### 2.0.0\n* New');
    expect(upgradeNoticeFor(markdown, '2.0.0')).toBe('Back up first.');
  });

  it('takes sections and fields named like object properties as names', () => {
    const readme = parseReadme('Constructor: x\nTested up to: 6.1\n== constructor ==\na\n== __proto__ ==\nb\n== Changelog ==\nc\n== constructor ==\nd');
    expect(readme.testedUpTo).toBe('6.1');
    expect(Object.entries(readme.sections)).toEqual([
      ['constructor', 'd'],
      ['__proto__', 'b'],
      ['changelog', 'c'],
    ]);
  });

  it('leaves a title line out of a section and keeps the last section of a name', () => {
    const readme = parseReadme('\uFEFF=== T ===\r\nTested up to: 6.1\r\n== Changelog ==\r\nold\r\n== Changelog ==\r\n= 1 =\r\n* a\r\n=== Stray ===\r\n* b');
    expect(readme).toEqual({ testedUpTo: '6.1', stableTag: '', requiresAtLeast: '', requiresPhp: '', sections: { changelog: '= 1 =\n* a\n* b' } });
  });

  it('answers empty fields for a readme without them', () => {
    expect(parseReadme('=== Zones ===\n')).toEqual({ testedUpTo: '', stableTag: '', requiresAtLeast: '', requiresPhp: '', sections: {} });
  });

  it.each([
    {
      case: 'headings and a list, escaped',
      body: '= 1.2.0 =\n* Sector pricing\n* <b>x</b>',
      html: '<h4>1.2.0</h4>\n<ul>\n<li>Sector pricing</li>\n<li>&lt;b&gt;x&lt;/b&gt;</li>\n</ul>',
    },
    { case: 'paragraphs', body: 'One\ntwo\n\nThree', html: '<p>One<br>two</p>\n<p>Three</p>' },
    { case: 'text after a list', body: '* a\nAfter', html: '<ul>\n<li>a</li>\n</ul>\n<p>After</p>' },
  ])('changelog HTML: $case', ({ body, html }) => {
    expect(readmeSectionToHtml(body)).toBe(html);
  });
});

/** Everything an upload and an update check do with a readme's text. */
function parseEverything(text: string): void {
  const readme = parseReadme(text);
  for (const body of Object.values(readme.sections)) {
    subsections(body);
    readmeSectionToHtml(body);
  }
  upgradeNoticeFor(readme, '1.0.0');
  parsePluginHeader(text);
}

const MB = 1024 * 1024;
const spaces = ' '.repeat(3000);

/** Milliseconds of CPU time `work` takes: other processes on a busy machine do not count, as wall time would. */
function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

// Each case once blocked the event loop for seconds (issue 23: 8–11 s for the first two); a linear parser
// reads 1 MB in a few milliseconds, so 500 ms leaves room for a busy machine without hiding a regression.
describe('readme and header parsing stay linear on hostile text', () => {
  // Compiled code, as in a running server: the first calls of a function run slower.
  beforeAll(() => {
    for (let n = 0; n < 20; n++) parseEverything(`${README}\n${'= x\n* y\nz\n'.repeat(2000)}`);
  });

  it.each([
    { case: 'a changelog line of 3,000 spaces after "="', text: `== Changelog ==\n= 1.0.0 =\n=${spaces}x\n` },
    { case: 'a "==" line of 3,000 spaces', text: `==${spaces}x\n` },
    { case: 'a "=" line of 3,000 spaces in a section', text: `== Upgrade Notice ==\n=${spaces}1.0.0\n` },
    { case: 'a "##" heading of 3,000 spaces', text: `##${spaces}x${spaces}\n### ${spaces}y` },
    { case: 'a header field of 3,000 spaces', text: `Tested${spaces}up to${spaces}x\n` },
    { case: '"==" repeated over 1 MB', text: '== '.repeat(MB / 3) },
    { case: '"= = =" over 1 MB', text: `== Changelog ==\n${'= '.repeat(MB / 2)}x` },
    { case: '"=" lines of spaces, 1 MB', text: `== Changelog ==\n${`=${' '.repeat(100)}x\n`.repeat(MB / 103)}` },
    { case: '1 MB of "*"', text: `== Changelog ==\n${'*'.repeat(MB)}` },
    { case: '1 MB of "* " list items', text: `== Changelog ==\n${'* '.repeat(MB / 2)}` },
    { case: '1 MB of "["', text: `== Changelog ==\n${'['.repeat(MB)}` },
    { case: '1 MB of "("', text: `== Changelog ==\n${'('.repeat(MB)}` },
    { case: '1 MB of backticks', text: `== Changelog ==\n${'`'.repeat(MB)}` },
    { case: '1 MB of "#"', text: '#'.repeat(MB) },
    { case: '1 MB of "# " headings', text: '## '.repeat(MB / 3) },
    { case: 'a 1 MB line of spaces', text: `a${' '.repeat(MB)}x` },
    { case: 'a 1 MB line of spaces and tabs before a colon', text: `Tested up to${' \t'.repeat(MB / 2)}x:` },
    { case: 'one 1 MB line of "<"', text: '<'.repeat(MB) },
    { case: '1 MB of header prefixes', text: `<?php${' \t/*#@'.repeat(MB / 6)}Version` },
    { case: '1 MB of short lines', text: '= x\n== y\n* z\n\n'.repeat(MB / 16) },
  ])('$case', ({ text }) => {
    expect(cpuMs(() => parseEverything(text))).toBeLessThan(500);
  });

  it('reads a header line of 8 KB of spaces and tabs fast', () => {
    expect(cpuMs(() => readFileHeader(`<?php${' \t'.repeat(4000)}x`, 'Plugin Name'))).toBeLessThan(500);
  });
});

describe('update answer text (plain, escaped)', () => {
  it.each([
    { text: '<a href="https://acme.test">Acme</a>', plain: 'Acme' },
    { text: '<script>alert(1)</script>Acme', plain: 'alert(1)Acme' },
    { text: 'Acme <img src=x onerror=alert(1)> Ltd', plain: 'Acme  Ltd' },
    { text: 'a < b', plain: 'a < b' },
    { text: '<'.repeat(10), plain: '<'.repeat(10) },
  ])('stripTags($text)', ({ text, plain }) => {
    expect(stripTags(text)).toBe(plain);
  });

  it.each([
    { text: '<script>alert(1)</script>', html: 'alert(1)' },
    { text: '<img src=x onerror=alert(1)>Back up first.', html: 'Back up first.' },
    { text: '<a href="javascript:alert(1)">Read</a> the notes', html: 'Read the notes' },
    { text: 'Use "quotes" & <b>bold</b> < 3', html: 'Use &quot;quotes&quot; &amp; bold &lt; 3' },
    { text: 'One\n\ntwo   three', html: 'One two three' },
  ])('textAsHtml($text)', ({ text, html }) => {
    expect(textAsHtml(text, 300)).toBe(html);
  });

  it('cuts at the limit before escaping', () => {
    expect(textAsHtml(`${'a'.repeat(299)}&b`, 300)).toBe(`${'a'.repeat(299)}&amp;`);
  });

  it.each([
    { text: '6.0', version: '6.0' },
    { text: ' 6.8.1 or later', version: '6.8.1' },
    { text: '8.1<script>alert(1)</script>', version: '8.1' },
    { text: '<img src=x onerror=alert(1)>', version: null },
    { text: '<b>7.4</b>', version: '7.4' },
    { text: 'javascript:alert(1)', version: null },
    { text: '', version: null },
    { text: null, version: null },
  ])('versionText($text)', ({ text, version }) => {
    expect(versionText(text)).toBe(version);
  });

  it('makes only its own tags from a hostile changelog', () => {
    const html = readmeSectionToHtml(
      '= <script>alert(1)</script> =\n* <img src=x onerror=alert(1)>\n* <a href="javascript:alert(1)">x</a>\n<iframe src="https://evil.test"></iframe>',
    );
    expect(
      html
        .match(/<\/?[a-z0-9]+/gi)
        ?.map((tag) => tag.replace(/[</]/g, ''))
        .sort(),
    ).toEqual(['h4', 'h4', 'li', 'li', 'li', 'li', 'p', 'p', 'ul', 'ul']);
    expect(html).not.toMatch(/<(?!\/?(?:h4|ul|li|p|br)>)/);
  });

  it('keeps the HTML within a size, leaving out whole items and marking the cut', () => {
    const body = Array.from({ length: 1000 }, (_, n) => `= 1.${n} =\n* Change ${n}\nText ${n}\nmore "quoted" text`).join('\n\n');
    const html = readmeSectionToHtml(body, 2000);
    expect(html.length).toBeLessThanOrEqual(2000);
    expect(html).toMatch(/^<h4>1\.0<\/h4>\n<ul>\n<li>Change 0<\/li>\n<\/ul>\n<p>Text 0<br>more &quot;quoted&quot; text<\/p>\n/);
    expect(html).toMatch(/(<\/p>|<\/ul>|<\/h4>)\n<p>…<\/p>$/);
    expect(readmeSectionToHtml('* a\n* b', 2000)).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    expect(readmeSectionToHtml(`* ${'x'.repeat(5000)}`, 2000)).toBe('<p>…</p>');
    const items = readmeSectionToHtml(Array.from({ length: 1000 }, (_, n) => `* item ${n}`).join('\n'), 500);
    expect(items).toMatch(/^<ul>\n<li>item 0<\/li>\n[^]*<li>item \d+<\/li>\n<\/ul>\n<p>…<\/p>$/);
    expect(items.length).toBeLessThanOrEqual(500);
  });

  it('cuts a long section at a line end and marks the cut', () => {
    expect(cutSection('one\ntwo\nthree', 9)).toBe('one\ntwo\n\n…');
    expect(cutSection('short', 9)).toBe('short');
    expect(cutSection('x'.repeat(20), 9)).toBe(`${'x'.repeat(9)}\n\n…`);
  });
});
