import { lazy, type ComponentType } from 'react';
import type { PublicPage } from '@common/web-routes';

// The paths are in common/web-routes.ts (the server answers 404 where none matches); the pages are here.
// Every page is its own chunk: the landing page loads no admin code.
export const publicPages: Record<PublicPage, ComponentType> = {
  landing: lazy(() => import('@/features/storefront/pages/landing-page').then((m) => ({ default: m.LandingPage }))),
  catalog: lazy(() => import('@/features/storefront/pages/catalog-page').then((m) => ({ default: m.CatalogPage }))),
  plugin: lazy(() => import('@/features/storefront/pages/plugin-page').then((m) => ({ default: m.PluginPage }))),
  about: lazy(() => import('@/features/storefront/pages/store-pages').then((m) => ({ default: m.AboutPage }))),
  support: lazy(() => import('@/features/storefront/pages/support-page').then((m) => ({ default: m.SupportPage }))),
  documentation: lazy(() => import('@/features/storefront/pages/store-pages').then((m) => ({ default: m.DocumentationPage }))),
  privacy: lazy(() => import('@/features/storefront/pages/store-pages').then((m) => ({ default: m.PrivacyPage }))),
  terms: lazy(() => import('@/features/storefront/pages/store-pages').then((m) => ({ default: m.TermsPage }))),
  refunds: lazy(() => import('@/features/storefront/pages/store-pages').then((m) => ({ default: m.RefundPolicyPage }))),
  checkout: lazy(() => import('@/features/checkout/pages/checkout-page').then((m) => ({ default: m.CheckoutPage }))),
  renew: lazy(() => import('@/features/checkout/pages/renew-page').then((m) => ({ default: m.RenewPage }))),
  purchaseSuccess: lazy(() => import('@/features/checkout/pages/purchase-success-page').then((m) => ({ default: m.PurchaseSuccessPage }))),
  account: lazy(() => import('@/features/account/pages/account-page').then((m) => ({ default: m.AccountPage }))),
  accountSignIn: lazy(() => import('@/features/account/pages/sign-in-page').then((m) => ({ default: m.SignInPage }))),
  accountSignInLink: lazy(() => import('@/features/account/pages/sign-in-link-page').then((m) => ({ default: m.SignInLinkPage }))),
  accountReceipt: lazy(() => import('@/features/account/pages/receipt-page').then((m) => ({ default: m.ReceiptPage }))),
};

export const AdminApp = lazy(() => import('./admin-app').then((m) => ({ default: m.AdminApp })));
