import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useToasts } from '@/lib/use-toast';
import { Spinner } from '@/components/ui/spinner';
import { queryClient } from '@/lib/query-client';
import { PublicApp } from './public-app';
import { showsStorefront } from '@common/web-routes';
import { AdminApp } from './routes';

// The toast viewport (Radix) is fetched only once there is a toast to show.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * The routing rule of docs/product-spec.md section 2: public paths render at once; the admin's pages go through the
 * session. A path that is neither shows the store's 404 page in the storefront (issue 40), not the login screen.
 */
export function App() {
  const [path] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      {showsStorefront(path) ? (
        <PublicApp />
      ) : (
        <Suspense
          fallback={
            <div className="flex min-h-screen items-center justify-center">
              <Spinner className="size-8" />
            </div>
          }
        >
          <AdminApp />
        </Suspense>
      )}
      <LazyToaster />
    </QueryClientProvider>
  );
}
