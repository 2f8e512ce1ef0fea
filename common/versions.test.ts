import { describe, expect, it } from 'vitest';
import { compareVersions, DEFAULT_MIN_RELEASE_VERSION, latestRelease, qualifyingRelease } from './versions';

describe('versions', () => {
  it.each([
    ['1.7.51', '1.7.51', 0],
    ['1.7.9', '1.7.51', -1],
    ['1.10.0', '1.9.99', 1],
    ['2.0.0', '1.99.99', 1],
    ['1.0.1', '1.1.0', -1],
  ])('compares %s with %s numerically', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });

  const release = (version: string, created_at: string, withdrawn_at: string | null = null) => ({ plugin_slug: 'p', version, created_at, withdrawn_at });

  it.each([
    { case: 'a hotfix uploaded after a newer minor', releases: [release('1.1.0', '2026-01-01'), release('1.0.1', '2026-02-01')], latest: '1.1.0' },
    { case: 'numeric, not text, order', releases: [release('1.9.0', '2026-02-01'), release('1.10.0', '2026-01-01')], latest: '1.10.0' },
    { case: 'a withdrawn highest version', releases: [release('1.0.0', '2026-01-01'), release('1.2.0', '2026-02-01', '2026-02-02')], latest: '1.0.0' },
    { case: 'every release withdrawn', releases: [release('1.2.0', '2026-02-01', '2026-02-02')], latest: null },
    { case: 'no release', releases: [], latest: null },
  ])('latestRelease: $case → $latest', ({ releases, latest }) => {
    expect(latestRelease(releases)?.version ?? null).toBe(latest);
  });

  it('qualifyingRelease ignores releases below 1.7.51 and other plugins, then takes the highest version', () => {
    const releases = [
      { plugin_slug: 'p', version: '1.7.50', created_at: '2025-12-01T00:00:00.000Z' },
      { plugin_slug: 'p', version: '1.8.0', created_at: '2025-10-01T00:00:00.000Z' },
      { plugin_slug: 'p', version: '1.7.51', created_at: '2025-11-01T00:00:00.000Z' },
      { plugin_slug: 'q', version: '9.0.0', created_at: '2026-01-01T00:00:00.000Z' },
    ];
    expect(DEFAULT_MIN_RELEASE_VERSION).toBe('1.7.51');
    expect(qualifyingRelease(releases, 'p', DEFAULT_MIN_RELEASE_VERSION)?.version).toBe('1.8.0');
    expect(qualifyingRelease(releases.slice(0, 1), 'p', DEFAULT_MIN_RELEASE_VERSION)).toBeNull();
    expect(qualifyingRelease([{ ...releases[1]!, withdrawn_at: '2026-01-01T00:00:00.000Z' }, releases[2]!], 'p', DEFAULT_MIN_RELEASE_VERSION)?.version).toBe(
      '1.7.51',
    );
  });

  it.each([
    ['1.7.51', null],
    ['1.7.50', '1.7.50'],
    ['1.0.0', '1.7.50'],
    ['0.0.0', '1.7.50'],
  ])('qualifyingRelease with the minimum %s takes %s from 1.0.0 and 1.7.50', (minimum, expected) => {
    const releases = [release('1.0.0', '2026-01-01'), release('1.7.50', '2026-02-01')];
    expect(qualifyingRelease(releases, 'p', minimum)?.version ?? null).toBe(expected);
  });
});
