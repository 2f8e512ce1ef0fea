import { Redirect, useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import { ACCOUNT_PAGES } from '@common/account';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { useSpelling } from '@/lib/brand';
import { toast } from '@/lib/use-toast';
import { useLicenses } from '../api/get-licenses';
import { useMe } from '../api/get-me';
import { useOrders } from '../api/get-orders';
import { useInvoices } from '../api/get-invoices';
import { useSignOut } from '../api/sign-out';
import { useReviews } from '../api/reviews';
import { AccountReviewCard } from '../components/account-reviews';
import { AccountLicenseCard } from '../components/account-license-card';
import { AccountOrders } from '../components/account-orders';
import { LoadErrorAlert } from '@/components/load-error-alert';

const isUnauthorised = (error: unknown) => error instanceof ApiError && error.status === 401;

function LoadFailed({ what, error }: { what: string; error: unknown }) {
  return <LoadErrorAlert title={`Failed to load your ${what}`} error={error} fallback="Please reload the page to try again." />;
}

/** /account: the signed-in customer's licences, sites, downloads and orders; signed out, the sign-in page. */
export function AccountPage() {
  usePageMeta('Your account');
  const say = useSpelling();
  const [, navigate] = useLocation();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const licenses = useLicenses(signedIn);
  const orders = useOrders(signedIn);
  const invoices = useInvoices(signedIn);
  const reviews = useReviews(signedIn);
  const signOut = useSignOut();

  if (me.isPending)
    return (
      <div className="flex justify-center p-16">
        <Spinner />
      </div>
    );
  // No session, or it ended (30 days, or signed out elsewhere) while the page was open.
  if (!me.data || isUnauthorised(licenses.error) || isUnauthorised(orders.error)) return <Redirect to={ACCOUNT_PAGES.signIn} replace />;

  const leave = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(ACCOUNT_PAGES.signIn, { replace: true }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to sign out. Please try again.'), variant: 'destructive' }),
    });

  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-3xl font-bold">Your account</h1>
          <p className="break-all text-muted-foreground">
            Signed in as{' '}
            <span className="font-medium text-foreground" data-testid="account-email">
              {me.data.email}
            </span>
          </p>
        </div>
        <Button variant="outline" onClick={leave} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>

      <section className="space-y-4" aria-labelledby="licences-heading">
        <h2 id="licences-heading" className="text-2xl font-semibold">
          {say('Your licences')}
        </h2>
        {licenses.isPending ? (
          <Skeleton className="h-64 rounded-xl" />
        ) : licenses.isError ? (
          <LoadFailed what={say('licences')} error={licenses.error} />
        ) : licenses.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{say('No licences for this address.')}</p>
        ) : (
          <div className="space-y-6">
            {licenses.data.map((license) => (
              <AccountLicenseCard key={license.id} license={license} />
            ))}
          </div>
        )}
      </section>

      {reviews.data && reviews.data.reviewable.length > 0 && (
        <section className="space-y-4" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="text-2xl font-semibold">
            Your reviews
          </h2>
          <p className="text-sm text-muted-foreground">Rate the plugins you bought. A review appears on the plugin&apos;s page once approved.</p>
          <div className="space-y-4">
            {reviews.data.reviewable.map((plugin) => (
              <AccountReviewCard
                key={plugin.slug}
                slug={plugin.slug}
                name={plugin.name}
                review={reviews.data.reviews.find((review) => review.plugin_slug === plugin.slug)}
              />
            ))}
          </div>
        </section>
      )}

      <section className="space-y-4" aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-2xl font-semibold">
          Your orders
        </h2>
        {orders.isPending ? (
          <Skeleton className="h-20 rounded-xl" />
        ) : orders.isError ? (
          <LoadFailed what="orders" error={orders.error} />
        ) : (
          <AccountOrders orders={orders.data} invoices={invoices.data} />
        )}
      </section>
    </div>
  );
}
