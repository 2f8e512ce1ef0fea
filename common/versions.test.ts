import { describe, expect, it } from 'vitest';
import { compareVersions, qualifyingRelease } from './versions';

describe('versions', () => {
  it.each([
    ['1.7.51', '1.7.51', 0],
    ['1.7.9', '1.7.51', -1],
    ['1.10.0', '1.9.99', 1],
    ['2.0.0', '1.99.99', 1],
  ])('compares %s with %s numerically', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });

  it('ignores releases below 1.7.51 and takes the newest by created_at', () => {
    const releases = [
      { plugin_slug: 'p', version: '1.7.50', created_at: '2025-12-01T00:00:00.000Z' },
      { plugin_slug: 'p', version: '1.8.0', created_at: '2025-10-01T00:00:00.000Z' },
      { plugin_slug: 'p', version: '1.7.51', created_at: '2025-11-01T00:00:00.000Z' },
      { plugin_slug: 'q', version: '9.0.0', created_at: '2026-01-01T00:00:00.000Z' },
    ];
    expect(qualifyingRelease(releases, 'p')?.version).toBe('1.7.51');
    expect(qualifyingRelease(releases.slice(0, 1), 'p')).toBeNull();
  });
});
