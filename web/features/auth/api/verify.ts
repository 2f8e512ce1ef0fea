import type { VerifyResponse } from '@common/auth';

/** POST /api/auth/verify: whether the session cookie names a live session. */
export async function verifySession(): Promise<VerifyResponse | null> {
  try {
    const response = await fetch('/api/auth/verify', {
      method: 'POST',
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!response.ok) return null;
    return (await response.json()) as VerifyResponse;
  } catch {
    return null;
  }
}
