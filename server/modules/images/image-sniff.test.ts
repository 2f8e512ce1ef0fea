import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniff.js';

describe('sniffImageType', () => {
  it.each([
    ['jpg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]],
    ['webp', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBP')]],
  ])('recognises %s by its first bytes', (expected, bytes) => {
    expect(sniffImageType(Uint8Array.from(bytes))).toBe(expected);
  });

  it.each([
    ['text', Buffer.from('hello, world!')],
    ['gif', Buffer.from('GIF89a......')],
    ['riff that is not webp', Buffer.from('RIFF....WAVE')],
    ['too short', Uint8Array.from([0xff, 0xd8])],
    ['empty', new Uint8Array()],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
