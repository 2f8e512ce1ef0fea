import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { verifySession } from './api/verify';
import { logout as logoutCall } from './api/logout';

// The session state machine of docs/product-spec.md section 4. Session storage keeps only the (non-secret) expiry;
// the token itself lives in an HttpOnly cookie the page cannot read.
const STORAGE_KEY = 'admin_session';
const CHECK_INTERVAL_MS = 60_000;
const LOGOUT_MARGIN_MS = 5 * 60_000;

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

interface SessionValue {
  status: SessionStatus;
  expiresAt: string | null;
  signedIn(expiresAt: string): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const readStored = (): string | null => {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? ((JSON.parse(raw) as { expiresAt?: string }).expiresAt ?? null) : null;
  } catch {
    return null;
  }
};
const store = (expiresAt: string) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ isAuthenticated: true, expiresAt }));
const clearStored = () => sessionStorage.removeItem(STORAGE_KEY);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [expiresAt, setExpiresAt] = useState<string | null>(null);

  const becomeUnauthenticated = useCallback(() => {
    clearStored();
    setExpiresAt(null);
    setStatus('unauthenticated');
    queryClient.clear();
  }, []);

  useEffect(() => {
    const stored = readStored();
    if (!stored) {
      setStatus('unauthenticated');
      return;
    }
    if (new Date(stored).getTime() <= Date.now()) {
      becomeUnauthenticated();
      return;
    }
    let cancelled = false;
    void verifySession().then((answer) => {
      if (cancelled) return;
      if (answer?.valid && answer.expiresAt) {
        store(answer.expiresAt);
        setExpiresAt(answer.expiresAt);
        setStatus('authenticated');
      } else {
        becomeUnauthenticated();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [becomeUnauthenticated]);

  const logout = useCallback(async () => {
    await logoutCall();
    becomeUnauthenticated();
  }, [becomeUnauthenticated]);

  useEffect(() => {
    if (status !== 'authenticated' || !expiresAt) return;
    const check = () => {
      if (new Date(expiresAt).getTime() - Date.now() <= LOGOUT_MARGIN_MS) {
        console.info('Admin session expires within 5 minutes; signing out.');
        void logout();
      }
    };
    check();
    const timer = setInterval(check, CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [status, expiresAt, logout]);

  const value = useMemo<SessionValue>(
    () => ({
      status,
      expiresAt,
      signedIn: (next) => {
        store(next);
        setExpiresAt(next);
        setStatus('authenticated');
      },
      logout,
    }),
    [status, expiresAt, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
