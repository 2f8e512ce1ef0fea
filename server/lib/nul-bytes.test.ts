import { describe, expect, it } from 'vitest';
import { findNulPath } from './nul-bytes.js';

describe('findNulPath', () => {
  it('names the shallowest string or key holding U+0000, in key order', () => {
    expect(findNulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\u0000' })).toBe('d');
    expect(findNulPath({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findNulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNulPath('a\u0000')).toBe('');
  });

  it('answers undefined for clean input, numbers, null and raw bytes', () => {
    expect(findNulPath({ license_key: 'ABCD-1234', n: 1, b: true, z: null, list: ['a', { x: 'y' }] })).toBeUndefined();
    expect(findNulPath(Buffer.from([0, 0, 0]))).toBeUndefined();
    expect(findNulPath({ file: Buffer.from([0]) })).toBeUndefined();
    expect(findNulPath(undefined)).toBeUndefined();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const depth = 50_000; // a recursive walk overflows V8's stack at about 10,000 levels
    expect(findNulPath(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeUndefined();
    expect(findNulPath(JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`))).toBe(Array.from({ length: depth - 1 }, () => '0').join('.') + '.0');
  });
});
