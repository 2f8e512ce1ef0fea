import { lazy } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { twMerge } from 'tailwind-merge';
import { setClassMerge } from '@/lib/utils';
import { Spinner } from '@/components/ui/spinner';
import { SessionProvider, useSession } from '@/features/auth/session';
import { LoginPage } from '@/features/auth/components/login-page';
import { AcceptInvitePage } from '@/features/auth/components/accept-invite-page';
import { AdminShell } from './admin-shell';
import { NotFoundPage } from './not-found-page';

// The admin's components merge classes with tailwind-merge; the storefront's smaller merge (web/lib/utils.ts) keeps
// it off the landing page's JavaScript.
setClassMerge(twMerge);

const pages = {
  dashboard: lazy(() => import('@/features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  licenses: lazy(() => import('@/features/licenses/pages/licenses-page').then((m) => ({ default: m.LicensesPage }))),
  releases: lazy(() => import('@/features/releases/pages/releases-page').then((m) => ({ default: m.ReleasesPage }))),
  pluginSettings: lazy(() => import('@/features/plugin-settings/pages/plugin-settings-page').then((m) => ({ default: m.PluginSettingsPage }))),
  settings: lazy(() => import('@/features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage }))),
  postcodeTesting: lazy(() => import('@/features/postcode/pages/postcode-testing-page').then((m) => ({ default: m.PostcodeTestingPage }))),
  ecommerceTesting: lazy(() => import('@/features/ecommerce-testing/pages/ecommerce-testing-page').then((m) => ({ default: m.EcommerceTestingPage }))),
  wordpressClient: lazy(() => import('@/features/wordpress-client/pages/wordpress-client-page').then((m) => ({ default: m.WordpressClientPage }))),
  orders: lazy(() => import('@/features/orders/pages/orders-page').then((m) => ({ default: m.OrdersPage }))),
  customers: lazy(() => import('@/features/customers/pages/customers-page').then((m) => ({ default: m.CustomersPage }))),
  customer: lazy(() => import('@/features/customers/pages/customer-page').then((m) => ({ default: m.CustomerPage }))),
  payments: lazy(() => import('@/features/payment-setup/pages/payments-page').then((m) => ({ default: m.PaymentsPage }))),
  email: lazy(() => import('@/features/payment-setup/pages/email-page').then((m) => ({ default: m.EmailPage }))),
  outbox: lazy(() => import('@/features/outbox/pages/outbox-page').then((m) => ({ default: m.OutboxPage }))),
  plugins: lazy(() => import('@/features/plugins/pages/plugins-page').then((m) => ({ default: m.PluginsPage }))),
  pluginEdit: lazy(() => import('@/features/plugins/pages/plugin-edit-page').then((m) => ({ default: m.PluginEditPage }))),
  webhooks: lazy(() => import('@/features/webhooks/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage }))),
  storefront: lazy(() => import('@/features/store-identity/pages/storefront-admin-page').then((m) => ({ default: m.StorefrontAdminPage }))),
  coupons: lazy(() => import('@/features/coupons/pages/coupons-page').then((m) => ({ default: m.CouponsPage }))),
  tax: lazy(() => import('@/features/tax/pages/tax-page').then((m) => ({ default: m.TaxPage }))),
  import: lazy(() => import('@/features/imports/pages/import-page').then((m) => ({ default: m.ImportPage }))),
  reviews: lazy(() => import('@/features/reviews/pages/reviews-page').then((m) => ({ default: m.ReviewsPage }))),
  team: lazy(() => import('@/features/team/pages/team-page').then((m) => ({ default: m.TeamPage }))),
};

function AdminRoutes() {
  const { status } = useSession();
  const [path] = useLocation();
  // The invitation link's page is for someone who cannot sign in yet.
  if (path === '/team/accept') return <AcceptInvitePage />;
  if (status === 'loading') {
    return (
      <div className="flex min-h-screen items-center justify-center" data-testid="session-loading">
        <Spinner className="size-8" label="Loading session" />
      </div>
    );
  }
  if (status === 'unauthenticated') return <LoginPage />;
  return (
    <AdminShell>
      <Switch>
        <Route path="/admin" component={pages.dashboard} />
        <Route path="/dashboard">
          <Redirect to="/admin" />
        </Route>
        <Route path="/licenses" component={pages.licenses} />
        <Route path="/releases" component={pages.releases} />
        <Route path="/plugin-settings" component={pages.pluginSettings} />
        <Route path="/settings" component={pages.settings} />
        <Route path="/postcode-testing" component={pages.postcodeTesting} />
        <Route path="/ecommerce-testing" component={pages.ecommerceTesting} />
        <Route path="/orders" component={pages.orders} />
        <Route path="/coupons" component={pages.coupons} />
        <Route path="/tax" component={pages.tax} />
        <Route path="/customers" component={pages.customers} />
        <Route path="/customers/:id" component={pages.customer} />
        <Route path="/outbox" component={pages.outbox} />
        <Route path="/payments" component={pages.payments} />
        <Route path="/email" component={pages.email} />
        <Route path="/plugins" component={pages.plugins} />
        <Route path="/plugins/:slug" component={pages.pluginEdit} />
        <Route path="/wordpress-client" component={pages.wordpressClient} />
        <Route path="/webhooks" component={pages.webhooks} />
        <Route path="/storefront" component={pages.storefront} />
        <Route path="/import" component={pages.import} />
        <Route path="/reviews" component={pages.reviews} />
        <Route path="/team" component={pages.team} />
        <Route path="/team/accept" component={AcceptInvitePage} />
        <Route>
          <NotFoundPage homeHref="/admin" />
        </Route>
      </Switch>
    </AdminShell>
  );
}

/** Everything behind the password: loaded as its own chunk, never by the storefront. */
export function AdminApp() {
  return (
    <SessionProvider>
      <AdminRoutes />
    </SessionProvider>
  );
}
