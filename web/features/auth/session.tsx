import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onAdminSessionEnded } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { verifySession } from './api/verify';
import { logout as logoutCall } from './api/logout';

// The session state machine of docs/product-spec.md section 4. Session storage keeps only the (non-secret) expiry;
// the token itself lives in an HttpOnly cookie the page cannot read, so every start asks the server whether the
// cookie names a live session (a new tab with a valid cookie goes straight in), and an admin call answered 401
// returns to the sign-in screen saying the session has ended; signing in again shows the same page (docs/design.md
// section 10).
const STORAGE_KEY = 'admin_session';
const CHECK_INTERVAL_MS = 60_000;
const LOGOUT_MARGIN_MS = 5 * 60_000;

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

interface SessionValue {
  status: SessionStatus;
  expiresAt: string | null;
  /** Set when an admin call was answered 401 while signed in: the sign-in screen says the session has ended. */
  ended: boolean;
  signedIn(expiresAt: string): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const store = (expiresAt: string) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ isAuthenticated: true, expiresAt }));
const clearStored = () => sessionStorage.removeItem(STORAGE_KEY);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  const becomeUnauthenticated = useCallback(() => {
    clearStored();
    setExpiresAt(null);
    setStatus('unauthenticated');
    queryClient.clear();
  }, []);

  // The stored expiry is only this tab's note: the cookie may hold a live session (another tab's sign-in), so the
  // server is asked every time; a failed check leaves the tab signed out silently (section 8).
  useEffect(() => {
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

  // Any admin call answered 401 (web/lib/api.ts): the session ended elsewhere; back to the sign-in screen.
  useEffect(() => {
    if (status !== 'authenticated') return;
    return onAdminSessionEnded(() => {
      setEnded(true);
      becomeUnauthenticated();
    });
  }, [status, becomeUnauthenticated]);

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
      ended,
      signedIn: (next) => {
        store(next);
        setExpiresAt(next);
        setEnded(false);
        setStatus('authenticated');
      },
      logout,
    }),
    [status, expiresAt, ended, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
