import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type AdminSignInLinkResponse } from '@common/account';
import { apiJson } from '@/lib/api';

/** POST /api/admin/licenses/{id}/send-sign-in-link: e-mails the licence's customer a sign-in link to their account page. */
export const sendSignInLink = (licenceId: number): Promise<AdminSignInLinkResponse> => apiJson<AdminSignInLinkResponse>('POST', ACCOUNT_API.adminSendSignInLink(licenceId));

export const useSendSignInLink = () => useMutation({ mutationFn: sendSignInLink });
