import { describe, expect, it } from 'vitest';
import { compatibilityLine, latestReleaseIds, pluginLabel, signaturePrefix } from './release-labels';

describe('release labels', () => {
  it('maps the spec plugin labels and uppercases other slugs', () => {
    expect(pluginLabel('ucre')).toBe('8022 Licensing');
    expect(pluginLabel('email-marketing')).toBe('Email Marketing Pro');
    expect(pluginLabel('analytics')).toBe('Analytics Dashboard');
    expect(pluginLabel('postcode-delivery-zones')).toBe('POSTCODE-DELIVERY-ZONES');
  });

  it('shows the first 16 characters of a signature', () => {
    expect(signaturePrefix('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnop');
  });

  it('marks the highest version not withdrawn of each plugin, not the newest upload', () => {
    const release = (id: number, plugin_slug: string, version: string, created_at: string, withdrawn_at: string | null = null) => ({
      id,
      plugin_slug,
      version,
      created_at,
      withdrawn_at,
    });
    const ids = latestReleaseIds([
      release(1, 'a', '1.1.0', '2025-01-01T00:00:00.000Z'),
      release(2, 'a', '1.0.1', '2025-02-01T00:00:00.000Z'),
      release(3, 'b', '2.0.0', '2025-03-01T00:00:00.000Z', '2025-03-02T00:00:00.000Z'),
      release(4, 'b', '1.0.0', '2024-01-01T00:00:00.000Z'),
    ]);
    expect([...ids].sort()).toEqual([1, 4]);
  });

  it.each([
    [{ requires_wp: '6.2', tested_wp: '6.8', requires_php: '8.1' }, 'Requires WordPress 6.2 · Tested up to 6.8 · PHP 8.1'],
    [{ requires_wp: null, tested_wp: '6.8', requires_php: null }, 'Tested up to 6.8'],
    [{ requires_wp: null, tested_wp: null, requires_php: null }, null],
  ])('compatibility line %#', (release, line) => {
    expect(compatibilityLine(release)).toBe(line);
  });
});
