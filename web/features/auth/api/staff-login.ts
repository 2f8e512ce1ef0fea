import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { StaffLoginResponse } from '@common/team';
import { ApiError } from '@/lib/api';

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return JSON.parse(text) as T;
}

/** POST /api/auth/staff-login: signed in, or a challenge for the second factor (docs/team.md). */
export const staffLogin = (email: string, password: string) => post<StaffLoginResponse>('/api/auth/staff-login', { email, password });

/** POST /api/auth/staff-login/second-factor: a code from the app or a recovery code. */
export const staffSecondFactor = (challenge: string, code: string) => post<StaffLoginResponse>('/api/auth/staff-login/second-factor', { challenge, code });

/** POST /api/auth/staff-login/enrol: a new authenticator secret when the owner requires two factors. */
export const staffEnrol = (challenge: string) => post<{ secret: string; uri: string }>('/api/auth/staff-login/enrol', { challenge });

/** POST /api/team/accept: sets an invited member's password. */
export const acceptInvite = (token: string, password: string) => post<{ success: boolean; email: string }>('/api/team/accept', { token, password });

/**
 * A passkey sign-in (docs/team.md): options from the server, the browser's authenticator signs them, the server
 * checks the answer. With the password step's challenge it is the second factor; without, it signs in alone.
 */
export async function passkeySignIn(challenge?: string): Promise<StaffLoginResponse> {
  const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/auth/staff-login/passkey/options', { challenge });
  const credential = await startAuthentication({ optionsJSON: options });
  return post<StaffLoginResponse>('/api/auth/staff-login/passkey', { challenge, credential });
}
