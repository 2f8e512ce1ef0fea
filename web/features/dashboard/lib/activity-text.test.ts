import { describe, expect, it } from 'vitest';
import { activityText, relativeTime } from './activity-text';

describe('activityText', () => {
  it.each([
    ['license_created', { license_key: '8022-A' }, 'New license created', '8022-A'],
    ['license_activated', { site_url: 'shop.com' }, 'License activated', 'shop.com'],
    ['license_verified', { site_url: 'shop.com' }, 'License verified', 'shop.com'],
    ['license_revoked', { license_key: '8022-B' }, 'License revoked', '8022-B'],
    ['release_uploaded', { version: '1.8.0' }, 'Release uploaded', 'Version 1.8.0'],
    ['release_withdrawn', { version: '1.8.0', plugin_slug: 'zones' }, 'Release withdrawn', 'Version 1.8.0 of zones'],
    ['release_restored', { version: '1.8.0', plugin_slug: 'zones' }, 'Release restored', 'Version 1.8.0 of zones'],
    ['release_deleted', { version: '1.8.0', plugin_slug: 'zones' }, 'Release deleted', 'Version 1.8.0 of zones'],
    ['release_deleted', { version: '1.8.0' }, 'Release deleted', 'Version 1.8.0'],
    ['release_withdrawn', {}, 'Release withdrawn', null],
    ['plugin_created', { plugin_slug: 'zones', name: 'Zones' }, 'Plugin created', 'zones'],
    ['plugin_updated', { plugin_slug: 'zones-pro', previous_slug: 'zones' }, 'Plugin updated', 'zones-pro (was zones)'],
    ['plugin_retired', { plugin_slug: 'zones' }, 'Plugin retired', 'zones'],
    ['plugin_updated', { plugin_slug: 42 }, 'Plugin updated', null],
    ['license_deactivated', { site_url: 'shop.com' }, 'License deactivated', 'shop.com'],
    ['license_updated', { license_key: '8022-C', changes: { plan: 'trial' } }, 'License updated', '8022-C'],
    ['order_paid', { order_id: 7, email: 'buyer@example.com', license_key: '8022-D' }, 'Order paid', 'Order 7 · buyer@example.com'],
    ['order_refunded', { order_id: 7, email: 'buyer@example.com' }, 'Order refunded', 'Order 7 · buyer@example.com'],
    ['order_paid', {}, 'Order paid', null],
    ['auto_renew_disabled', { license_id: 4, license_key: '8022-E', by: 'admin' }, 'Automatic renewal turned off', '8022-E · by admin'],
    ['auto_renew_enabled', { license_id: 4, order_id: 9, by: 'checkout' }, 'Automatic renewal turned on', 'Licence 4 · by checkout'],
    ['auto_renew_disabled', {}, 'Automatic renewal turned off', null],
    ['auto_renew_stopped', { license_id: 4, attempts: 4 }, 'Automatic renewal stopped', null],
    ['some_new_event', { site_url: 'shop.com' }, 'Some New Event', 'shop.com'],
  ])('%s', (type, details, title, secondary) => {
    expect(activityText({ action_type: type, details })).toEqual({ title, secondary });
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T12:00:00Z', '0 minutes ago'],
    ['2026-01-10T11:59:00Z', '1 minute ago'],
    ['2026-01-10T11:01:00Z', '59 minutes ago'],
    ['2026-01-10T11:00:00Z', '1 hour ago'],
    ['2026-01-09T12:00:01Z', '23 hours ago'],
    ['2026-01-09T12:00:00Z', '1 day ago'],
    ['2026-01-01T12:00:00Z', '9 days ago'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});
