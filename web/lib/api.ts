// The request helpers of docs/product-spec.md section 7: credentials always included; a JSON body only when a payload
// is given (FormData is sent as is); an unsuccessful answer raises `{status}: {body or status text}`.
import { isAdminPath } from '@common/admin-paths';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `message` field when the body is our JSON error shape, else null. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }

  /**
   * A validation answer's problems by field (`{details: {fields: [{field, message}]}}`, server/app.ts): the first
   * message per top-level field name, e.g. `{ rate_limit_per_minute: 'must be a whole number' }`.
   */
  get fieldErrors(): Record<string, string> {
    try {
      const parsed = JSON.parse(this.body) as { details?: { fields?: Array<{ field?: unknown; message?: unknown }> } };
      const errors: Record<string, string> = {};
      for (const { field, message } of parsed.details?.fields ?? []) {
        if (typeof field !== 'string' || typeof message !== 'string' || field === '') continue;
        errors[field.split('.')[0]!] ??= message;
      }
      return errors;
    } catch {
      return {};
    }
  }
}

/** An error's problems by field (see ApiError.fieldErrors); empty for anything else. */
export const fieldErrors = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fieldErrors : {});

/** The server's message for an error, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever an admin call (common/admin-paths.ts) is answered 401: the admin session has ended
 * (expired, signed out in another tab, password changed). The admin app returns to its sign-in screen
 * (web/features/auth/session.tsx). Answers the unsubscribe function.
 */
export function onAdminSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Tells the listeners when `response` is an admin call answered 401; for the few calls made with `fetch` directly. */
export function noticeSessionEnd(response: Response): void {
  if (response.status !== 401 || !isAdminPath(new URL(response.url, window.location.href).pathname)) return;
  for (const listener of sessionEndedListeners) listener();
}

async function throwIfNotOk(response: Response): Promise<void> {
  noticeSessionEnd(response);
  if (!response.ok) {
    const body = await response.text();
    throw new ApiError(response.status, body, response.statusText);
  }
}

export async function apiRequest(method: string, url: string, payload?: unknown): Promise<Response> {
  const isForm = payload instanceof FormData;
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (payload !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: payload === undefined ? undefined : isForm ? payload : JSON.stringify(payload),
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, payload?: unknown): Promise<T> {
  const response = await apiRequest(method, url, payload);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string): Promise<T> => apiJson<T>('GET', url);

/** GET that answers null on a 401 instead of failing (the optional fetch mode of section 7). */
export async function apiGetOrNull<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (response.status === 401) {
    noticeSessionEnd(response);
    return null;
  }
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
