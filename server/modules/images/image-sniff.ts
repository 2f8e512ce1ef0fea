// Image type from the file's first bytes, never from its name or declared content type.

export type SniffedImageType = 'jpg' | 'png' | 'webp';

/** How many leading bytes sniffImageType needs. */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImageType(head: Uint8Array): SniffedImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return 'png';
  if (head.length >= 12) {
    const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
    if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  }
  return null;
}
