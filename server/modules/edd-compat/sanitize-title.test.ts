import { describe, expect, it } from 'vitest';
import { removeAccents, sanitizeTitle, urlDecode } from './sanitize-title.js';

// Each expected value is what WordPress 6.1's own sanitize_title() (remove_accents, then sanitize_title_with_dashes
// in the 'save' context, locale en_US) answered for the input, and urldecode() for the decoded column
// (docs/edd-item-names.md lists the rules).
const TITLES: Array<[string, string]> = [
  ['EDD Demo', 'edd-demo'],
  ['edd demo', 'edd-demo'],
  ['EDD  Demo!', 'edd-demo'],
  ['My Plugin Pro', 'my-plugin-pro'],
  ['my-plugin-pro', 'my-plugin-pro'],
  ['Café Crème', 'cafe-creme'],
  ['Ærøskøbing Über', 'aeroskobing-uber'],
  ['Straße', 'strase'],
  ['Ĳssel Œuvre', 'ijssel-oeuvre'],
  ['Plugin – Pro', 'plugin-pro'],
  ['Plugin — Pro', 'plugin-pro'],
  ["O'Brien's Tool", 'obriens-tool'],
  ['Pro’s “Best” Plugin', 'pros-best-plugin'],
  ['Plugin 2.0', 'plugin-2-0'],
  ['A/B Testing', 'a-b-testing'],
  ['Fish & Chips', 'fish-chips'],
  ['Fish &amp; Chips', 'fish-chips'],
  ['<b>Bold</b> Plugin', 'bold-plugin'],
  ['100% Uptime', '100-uptime'],
  ['Caf%C3%A9', 'caf%c3%a9'],
  ['  --Trim--  ', 'trim'],
  ['Tab\tSeparated', 'tabseparated'],
  ['Plugin™ ©2024', 'plugin-2024'],
  ['Größe × Breite', 'grose-x-breite'],
  ['日本語 Plugin', '%e6%97%a5%e6%9c%ac%e8%aa%9e-plugin'],
  ['Déjà vu', 'deja-vu'],
  ['Café', 'cafe'],
  ['ÀÉÎÕÜ', 'aeiou'],
  ['under_score', 'under_score'],
  ['dots...and..more', 'dots-and-more'],
  ['Emoji 🚀 Rocket', 'emoji-%f0%9f%9a%80-rocket'],
  ['Nbsp Here', 'nbsp-here'],
  ['Zero​Width', 'zerowidth'],
  ['Ελληνικά', '%ce%b5%ce%bb%ce%bb%ce%b7%ce%bd%ce%b9%ce%ba%ce%ac'],
  ['Русский плагин', '%d1%80%d1%83%d1%81%d1%81%d0%ba%d0%b8%d0%b9-%d0%bf%d0%bb%d0%b0%d0%b3%d0%b8%d0%bd'],
];

const DECODED: Array<[string, string, string]> = [
  ['EDD+Demo', 'EDD Demo', 'edd-demo'],
  ['EDD%20Demo', 'EDD Demo', 'edd-demo'],
  ['EDD%2BDemo', 'EDD+Demo', 'edddemo'],
  ['Caf%C3%A9+Cr%C3%A8me', 'Café Crème', 'cafe-creme'],
  ['100%25+Sure', '100% Sure', '100-sure'],
  ['a%2Fb', 'a/b', 'a-b'],
];

describe('sanitizeTitle: WordPress sanitize_title', () => {
  it.each(TITLES)('%j becomes %j', (input, expected) => {
    expect(sanitizeTitle(input)).toBe(expected);
  });
});

describe('urlDecode: PHP urldecode, then sanitize_title', () => {
  it.each(DECODED)('%j decodes to %j and compares as %j', (input, decoded, title) => {
    expect(urlDecode(input)).toBe(decoded);
    expect(sanitizeTitle(urlDecode(input))).toBe(title);
  });
});

describe('removeAccents', () => {
  it('maps Latin letters to ASCII and leaves other scripts alone', () => {
    expect(removeAccents('Ærøskøbing Über Straße Œuvre')).toBe('AEroskobing Uber Strase OEuvre');
    expect(removeAccents('Ελληνικά')).toBe('Ελληνικά');
  });
});
