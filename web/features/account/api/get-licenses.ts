import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountLicense } from '@common/account';
import { apiGet } from '@/lib/api';
import { accountQueryKey } from './get-me';

export const licensesQueryKey = [...accountQueryKey, 'licences'] as const;

/** GET /api/account/licences: the signed-in customer's licences with their sites. */
export const getLicenses = (): Promise<AccountLicense[]> => apiGet<AccountLicense[]>(ACCOUNT_API.licenses);

// Sites activate from WordPress (or are deactivated in another tab), outside this page: refetch whenever the page
// opens and whenever the customer comes back to it ('always': the app's queries never go stale by themselves).
export const licensesQueryOptions = () =>
  queryOptions({ queryKey: licensesQueryKey, queryFn: getLicenses, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });

export const useLicenses = (enabled: boolean) => useQuery({ ...licensesQueryOptions(), enabled });
