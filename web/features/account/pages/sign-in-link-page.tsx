import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { ACCOUNT_PAGES } from '@common/account';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, fieldErrors } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { useCreateSession } from '../api/create-session';

/**
 * /account/sign-in/{token}, the e-mailed link. The page POSTs the token rather than the server spending it on a
 * GET, so mail scanners that prefetch links do not use it up; then it goes to /account (replacing this URL, so
 * the spent token does not stay in the history).
 */
export function SignInLinkPage() {
  usePageMeta('Signing in');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const session = useCreateSession();
  // Once per page: React's development double effect must not spend the token twice (the second would fail).
  const sent = useRef(false);
  const { mutate } = session;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token, { onSuccess: () => navigate(ACCOUNT_PAGES.account, { replace: true }) });
  }, [mutate, navigate, token]);

  if (session.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <AlertCircle className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">This link cannot sign you in</h1>
        <p className="text-muted-foreground" role="alert">
          {/* A cut-short link is a 400 naming the token field: its message alone, without "Invalid body: token:". */}
          {fieldErrors(session.error).token ?? errorMessage(session.error, 'Signing in failed. Please try again, or request a new link.')}
        </p>
        <Button asChild>
          <Link href={ACCOUNT_PAGES.signIn}>Request a new link</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-24 text-center" aria-busy="true">
      <h1 className="text-2xl font-bold">Signing you in...</h1>
      <Spinner />
    </div>
  );
}
