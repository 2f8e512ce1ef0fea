import { describe, expect, it } from 'vitest';
import { toParagraphs, webLink } from './vendor-text';

describe('toParagraphs', () => {
  it.each([
    ['', []],
    ['   \n\n  ', []],
    ['One line', ['One line']],
    ['First\nstill first\n\nSecond', ['First\nstill first', 'Second']],
    ['First\r\n\r\nSecond\n  \n\n\nThird <b>bold</b>', ['First', 'Second', 'Third <b>bold</b>']],
  ])('%j', (text, expected) => {
    expect(toParagraphs(text)).toEqual(expected);
  });
});

describe('webLink', () => {
  it.each([
    ['https://docs.example.com/a?b=1', 'https://docs.example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    ['', null],
    [null, null],
  ])('%s', (url, expected) => {
    expect(webLink(url)).toBe(expected);
  });
});
