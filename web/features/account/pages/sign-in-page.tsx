import { Redirect } from 'wouter';
import { ACCOUNT_PAGES } from '@common/account';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { useSpelling } from '@/lib/brand';
import { useMe } from '../api/get-me';
import { SignInForm } from '../components/sign-in-form';

/** /account/sign-in: the customer asks for an e-mailed sign-in link; a signed-in customer goes to /account. */
export function SignInPage() {
  usePageMeta('Sign in to your account');
  const me = useMe();
  const say = useSpelling();
  if (me.isPending)
    return (
      <div className="flex justify-center p-16">
        <Spinner />
      </div>
    );
  if (me.data) return <Redirect to={ACCOUNT_PAGES.account} replace />;
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-12">
      <div className="space-y-2 text-center">
        <h1 className="text-3xl font-bold">Sign in to your account</h1>
        <p className="text-muted-foreground">{say('See your licence keys and sites, download your plugins and print receipts.')}</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <SignInForm />
        </CardContent>
      </Card>
    </div>
  );
}
