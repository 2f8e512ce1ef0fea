import { describe, expect, it } from 'vitest';
import { isSafeLink, renderMarkdown } from './markdown.js';

describe('renderMarkdown', () => {
  it('renders headings (from h2), paragraphs, lists, emphasis, code and links', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and *soft* `<b>`\nnext line\n\n- one\n- two [docs](https://example.com/a?b=1&c=2)\n\n1. first\n2. second\n\n---\n> quoted',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<p>Some <strong>bold</strong> and <em>soft</em> <code>&lt;b&gt;</code><br>',
        'next line</p>',
        '<ul>',
        '<li>one</li>',
        '<li>two <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">docs</a></li>',
        '</ul>',
        '<ol>',
        '<li>first</li>',
        '<li>second</li>',
        '</ol>',
        '<hr>',
        '<blockquote>',
        '<p>quoted</p>',
        '</blockquote>',
      ].join('\n'),
    );
  });

  it('never lets raw HTML through: tags, attributes and entities are text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[x](https://a.example/"onmouseover="alert(3))');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The quote cannot end the attribute: the link's only attributes are href and rel.
    expect(html).toContain('<a href="https://a.example/%22onmouseover=%22alert(3)" rel="noopener noreferrer nofollow">x</a>');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    '//evil.example/x',
    '/\\evil.example',
  ])('drops the link %j and keeps its text', (url) => {
    expect(isSafeLink(url)).toBe(false);
    const html = renderMarkdown(`[click me](${url})`);
    // markdown-it percent-encodes an address before checking it: "/\\evil.example" becomes the harmless same-site
    // path "/%5Cevil.example"; every other one is dropped.
    if (url === '/\\evil.example') expect(html).toBe('<p><a href="/%5Cevil.example">click me</a></p>');
    else expect(html).not.toContain('<a');
    expect(html).toContain('click me');
  });

  it('keeps http(s), mailto and paths on this site', () => {
    for (const url of ['https://example.com', 'http://example.com/x', 'mailto:help@example.com', '/support', '#faq']) expect(isSafeLink(url)).toBe(true);
    expect(renderMarkdown('[Support](/support)')).toBe('<p><a href="/support">Support</a></p>');
  });
});

// Issue 40: `![alt](url)` never shows a stray "!" and a link.
describe('Markdown images', () => {
  it('renders an https image with its alt text, lazily and without a Referer', () => {
    expect(renderMarkdown('![Delivery zones map](https://cdn.example.com/map.png "The map")')).toBe(
      '<p><img src="https://cdn.example.com/map.png" alt="Delivery zones map" title="The map" loading="lazy" decoding="async" referrerpolicy="no-referrer"></p>',
    );
  });

  it('escapes what the alt text and the address hold', () => {
    const html = renderMarkdown('![a "quoted" <b>alt</b>](https://x.example/i.png?a=1&b=2)');
    expect(html).toBe(
      '<p><img src="https://x.example/i.png?a=1&amp;b=2" alt="a &quot;quoted&quot; &lt;b&gt;alt&lt;/b&gt;" loading="lazy" decoding="async" referrerpolicy="no-referrer"></p>',
    );
  });

  it.each(['http://plain.example/i.png', '/media/local.png', 'mailto:a@b.example'])('drops an image from %s, keeping its alt text', (src) => {
    const html = renderMarkdown(`Before ![the alt](${src}) after`);
    expect(html).not.toMatch(/<img|<a |!\[/);
    expect(html).toContain('the alt');
  });

  it('never makes an image or a link of an address no link may have (its Markdown stays text, as a link does)', () => {
    for (const src of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/i.png']) {
      const html = renderMarkdown(`![x](${src})`);
      expect(html).not.toMatch(/<img|<a /);
    }
  });
});
