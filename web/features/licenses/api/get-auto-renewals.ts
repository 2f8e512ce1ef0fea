import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_AUTO_RENEWAL_IDS, type AutoRenewalsAnswer, type AutoRenewState } from '@common/auto-renewal';
import type { License } from '@common/licenses';
import { apiGet } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

/** Only a licence that expires and is not revoked can renew automatically; the others ask nothing. */
export const canRenewAutomatically = (license: Pick<License, 'expires_at' | 'status'>): boolean => license.expires_at !== null && license.status !== 'revoked';

/** The ids to ask about for a list of licences: those that can renew, once each and sorted, so one list makes one key. */
export const autoRenewalIds = (licenses: readonly License[]): number[] =>
  [...new Set(licenses.filter(canRenewAutomatically).map((license) => license.id))].sort((a, b) => a - b);

/** GET /api/admin/licenses/auto-renewals?ids=…: up to 100 licences' states (docs/pricing.md "Automatic renewal"). */
export const getAutoRenewals = (ids: readonly number[]): Promise<AutoRenewalsAnswer> =>
  apiGet<AutoRenewalsAnswer>(`/api/admin/licenses/auto-renewals?ids=${ids.join(',')}`);

/** The states by licence id: one request for up to 100 licences (a list longer than that asks once per 100). */
export async function getAutoRenewalsByLicense(ids: readonly number[]): Promise<Record<number, AutoRenewState>> {
  const batches = Array.from({ length: Math.ceil(ids.length / MAX_AUTO_RENEWAL_IDS) }, (_, i) =>
    ids.slice(i * MAX_AUTO_RENEWAL_IDS, (i + 1) * MAX_AUTO_RENEWAL_IDS),
  );
  const answers = await Promise.all(batches.map(getAutoRenewals));
  return Object.fromEntries(answers.flatMap((answer) => answer.auto_renewals).map(({ license_id, ...state }) => [license_id, state]));
}

// Under the licences key, so every licence mutation (and the admin's switch) refreshes it.
export const autoRenewalsQueryOptions = (ids: readonly number[]) =>
  queryOptions({ queryKey: [...licensesQueryKey, 'auto-renewals', ids], queryFn: () => getAutoRenewalsByLicense(ids), staleTime: 60_000 });

/**
 * The licence list's automatic renewals: `ids` from autoRenewalIds; none asked when there are none. When the ids change
 * (a licence revoked or made) the cards keep the states they had until the new answer comes, rather than blink.
 */
export const useAutoRenewals = (ids: readonly number[]) =>
  useQuery({ ...autoRenewalsQueryOptions(ids), enabled: ids.length > 0, placeholderData: keepPreviousData });
