import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreIdentity } from '@common/store-identity';
import { spellLicence } from '@common/store-terms';
import { STORE_IDENTITY_URL, storeIdentityQueryKey } from '@common/public-queries';
import { apiGet } from '@/lib/api';

/**
 * The owner of the store identity (GET /api/storefront): name, tagline, logo, accent colour, support address,
 * legal details and footer links, shown by the public layout and pages. On a storefront page it is already in the
 * cache: the server sends it with the HTML (web/lib/initial-data.ts).
 */
export const getStoreIdentity = (): Promise<StoreIdentity> => apiGet<StoreIdentity>(STORE_IDENTITY_URL);

export const storeIdentityQueryOptions = () => queryOptions({ queryKey: storeIdentityQueryKey, queryFn: getStoreIdentity });

/** Shown for the moment before the identity arrives (never on a page the server rendered: it comes with the HTML). */
const LOADING: StoreIdentity = {
  store_name: '',
  headline: '',
  tagline: '',
  logo: null,
  accent_color: null,
  support_email: null,
  legal_name: '',
  legal_address: '',
  vat_number: '',
  footer_links: [],
  refund_days: 0,
  support_promise: '',
  license_key_prefix: '',
  spelling: 'british',
};

export function useStoreIdentity(): StoreIdentity {
  return useQuery(storeIdentityQueryOptions()).data ?? LOADING;
}

/** Puts a buyer-facing text written British ("licence") in the shop's spelling (issue 40; common/store-terms.ts). */
export function useSpelling(): (text: string) => string {
  const { spelling } = useStoreIdentity();
  return (text) => spellLicence(text, spelling);
}
