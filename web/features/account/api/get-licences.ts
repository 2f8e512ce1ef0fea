import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountLicence } from '@common/account';
import { apiGet } from '@/lib/api';
import { accountQueryKey } from './get-me';

export const licencesQueryKey = [...accountQueryKey, 'licences'] as const;

/** GET /api/account/licences: the signed-in customer's licences with their sites. */
export const getLicences = (): Promise<AccountLicence[]> => apiGet<AccountLicence[]>(ACCOUNT_API.licences);

// Sites activate from WordPress (or are deactivated in another tab), outside this page: refetch whenever the page
// opens and whenever the customer comes back to it ('always': the app's queries never go stale by themselves).
export const licencesQueryOptions = () =>
  queryOptions({ queryKey: licencesQueryKey, queryFn: getLicences, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });

export const useLicences = (enabled: boolean) => useQuery({ ...licencesQueryOptions(), enabled });
