import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_API, type SignInRequest, type SignInResponse } from '@common/account';
import { apiJson } from '@/lib/api';

/** POST /api/account/sign-in: e-mails a one-time sign-in link when the address has bought; 202 either way. */
export const requestSignIn = (body: SignInRequest): Promise<SignInResponse> => apiJson<SignInResponse>('POST', ACCOUNT_API.signIn, body);

export const useRequestSignIn = () => useMutation({ mutationFn: requestSignIn });
