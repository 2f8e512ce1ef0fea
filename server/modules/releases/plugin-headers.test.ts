import { describe, expect, it } from 'vitest';
import { parsePluginHeader, parseReadme, readFileHeader, readmeSectionToHtml, subsections, upgradeNoticeFor } from './plugin-headers.js';

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
