import type { StorePageSlug } from '@common/store-pages';
import { useStoreIdentity } from '@/lib/brand';
import { usePageMeta } from '@/lib/page-meta';
import { useStorePage } from '../api/get-store-page';
import { StorePageView } from '../components/store-page-view';

// The vendor's text pages, edited in the admin as Markdown (docs/storefront.md, "Pages"). Support has its own
// page (support-page.tsx): contact cards and the FAQ around its text.

function makeStorePage(slug: StorePageSlug, path: string, name: string, description: (storeName: string, tagline: string) => string) {
  return function StorePageRoute() {
    const { store_name: storeName, tagline } = useStoreIdentity();
    usePageMeta(name, description(storeName, tagline), { canonical: path });
    const page = useStorePage(slug);
    return <StorePageView page={page.data} isError={page.isError} />;
  };
}

// Names and descriptions as the server writes them into the HTML (common/page-meta.ts publicPageMeta).
export const AboutPage = makeStorePage('about', '/about', 'About', (store, tagline) => `About ${store}: ${tagline}`);
export const DocumentationPage = makeStorePage(
  'documentation',
  '/documentation',
  'Documentation',
  () => 'Getting started: install, activate and configure your plugin.',
);
export const PrivacyPage = makeStorePage('privacy', '/privacy', 'Privacy Policy', (store) => `How ${store} handles your data.`);
export const TermsPage = makeStorePage('terms', '/terms', 'Terms of Sale', (store) => `The terms of sale of ${store}.`);
export const RefundPolicyPage = makeStorePage('refunds', '/refund-policy', 'Refund Policy', (store) => `The refund policy of ${store}.`);
