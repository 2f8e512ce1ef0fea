import { describe, expect, it } from 'vitest';
import { latestReleaseIds, pluginLabel, signaturePrefix } from './release-labels';

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

  it('marks the newest release of each plugin by created_at, not by version', () => {
    const ids = latestReleaseIds([
      { id: 1, plugin_slug: 'a', created_at: '2025-01-01T00:00:00.000Z' },
      { id: 2, plugin_slug: 'a', created_at: '2025-02-01T00:00:00.000Z' },
      { id: 3, plugin_slug: 'b', created_at: '2024-01-01T00:00:00.000Z' },
    ]);
    expect([...ids].sort()).toEqual([2, 3]);
  });
});
