import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type AdminSignInLinkResponse } from '@common/account';
import { apiJson } from '@/lib/api';

/** POST /api/admin/licenses/{id}/send-sign-in-link: e-mails the licence's customer a sign-in link to their account page. */
export const sendSignInLink = (licenseId: number): Promise<AdminSignInLinkResponse> =>
  apiJson<AdminSignInLinkResponse>('POST', ACCOUNT_API.adminSendSignInLink(licenseId));

export const useSendSignInLink = () => useMutation({ mutationFn: sendSignInLink });
