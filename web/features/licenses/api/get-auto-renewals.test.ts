import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AUTO_RENEW_OFF, MAX_AUTO_RENEWAL_IDS, type AutoRenewalsAnswer } from '@common/auto-renewal';
import type { License } from '@common/licenses';
import { autoRenewalIds, autoRenewalsQueryOptions } from './get-auto-renewals';

// The licence list asks for its licences' automatic renewal in one request (GET /api/admin/licenses/auto-renewals),
// not once per card; only licences that expire and are not revoked are asked about.
const license = (id: number, overrides: Partial<License> = {}): License => ({
  id,
  key: `8022-TEST-0000-0000-${String(id).padStart(4, '0')}`,
  plugin_slug: 'zones',
  plan: 'pro_yearly',
  status: 'active',
  max_activations: 3,
  activations_used: 0,
  expires_at: '2030-01-01T00:00:00.000Z',
  customer_email: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  channel: 'stable',
  price_id: null,
  ...overrides,
});

describe('autoRenewalIds', () => {
  it('keeps the licences that can renew, once each, sorted', () => {
    const page = [
      license(7),
      license(3, { plan: 'lifetime', expires_at: null }),
      license(5, { status: 'revoked' }),
      license(2, { status: 'expired' }),
      license(7),
    ];
    expect(autoRenewalIds(page)).toEqual([2, 7]);
    expect(autoRenewalIds([license(1, { expires_at: null })])).toEqual([]);
  });
});

describe('the list page asks once', () => {
  const fetchMock = vi.fn(async (url: string) => {
    const ids = new URL(url, 'http://localhost').searchParams.get('ids')!.split(',').map(Number);
    const answer: AutoRenewalsAnswer = { auto_renewals: ids.map((id) => ({ license_id: id, ...AUTO_RENEW_OFF, enabled: id % 2 === 0 })) };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  it('makes one request for a page of licences, and none more for the same page', async () => {
    const page = Array.from({ length: 40 }, (_, i) => license(i + 1, i % 4 === 0 ? { status: 'revoked' } : {}));
    const client = new QueryClient();
    const ids = autoRenewalIds(page);
    const states = await client.fetchQuery(autoRenewalsQueryOptions(ids));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/admin/licenses/auto-renewals?ids=${ids.join(',')}`);
    expect(Object.keys(states).map(Number)).toEqual(ids);
    expect(states[2]?.enabled).toBe(true);
    expect(states[3]?.enabled).toBe(false);
    expect(states[1]).toBeUndefined(); // revoked: not asked

    // The same licences in another order are the same key: answered from the cache.
    await client.fetchQuery(autoRenewalsQueryOptions(autoRenewalIds([...page].reverse())));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it(`asks once per ${MAX_AUTO_RENEWAL_IDS} licences beyond that`, async () => {
    const ids = autoRenewalIds(Array.from({ length: 250 }, (_, i) => license(i + 1)));
    const states = await new QueryClient().fetchQuery(autoRenewalsQueryOptions(ids));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(Object.keys(states)).toHaveLength(250);
  });
});
