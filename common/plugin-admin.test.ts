import { describe, expect, it } from 'vitest';
import { artworkSizeProblem } from './images.js';
import { isWebAddress, PLUGIN_SLUG_MESSAGE, pluginSlugSchema } from './plugin-admin.js';

describe('plugin slug syntax (WordPress: lowercase letters, digits, hyphens; 2–100)', () => {
  it.each(['ab', 'my-plugin', 'woo2fa', 'a--b', '9-lives', 'x'.repeat(100)])('accepts %j', (slug) => {
    expect(pluginSlugSchema.safeParse(slug).success).toBe(true);
  });

  it.each(['a', 'My-Plugin', 'my_plugin', 'my plugin', '-ab', 'ab-', 'café', 'x'.repeat(101), ''])('refuses %j with the one message', (slug) => {
    const result = pluginSlugSchema.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PLUGIN_SLUG_MESSAGE);
  });
});

describe('web addresses', () => {
  it.each([
    ['https://example.com/docs', true],
    ['http://example.com', true],
    ['', true],
    ['example.com', false],
    ['javascript:alert(1)', false],
    ['ftp://example.com', false],
  ])('%j → %s', (value, expected) => {
    expect(isWebAddress(value)).toBe(expected);
  });
});

describe('artwork sizes', () => {
  it.each([
    ['icon', 128, 128, null],
    ['icon', 256, 256, null],
    ['banner', 772, 250, null],
    ['banner', 1544, 500, null],
    ['screenshot', 3, 3, null],
    ['icon', 128, 129, 'An icon must be 128×128 or 256×256 pixels; this image is 128×129'],
    ['banner', 1544, 501, 'A banner must be 772×250 or 1544×500 pixels; this image is 1544×501'],
  ])('%s %d×%d', (type, width, height, expected) => {
    expect(artworkSizeProblem(type, width, height)).toBe(expected);
  });
});
