import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('makes every character that means something in HTML text or an attribute inert', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });
  it('leaves other text as it is, and escapes an escape again', () => {
    expect(escapeHtml('Grüße — 100 % sure')).toBe('Grüße — 100 % sure');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
