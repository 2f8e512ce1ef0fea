import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Package } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { STORE_NAME, SUPPORT_EMAIL } from '@/lib/brand';
import { queryClient } from '@/lib/query-client';
import { publicPluginsQueryOptions } from '@/features/storefront/api/get-public-plugins';
import { isLandingPath, LandingHero } from '@/features/storefront/components/landing-hero';
import { CatalogIntro } from '@/features/storefront/components/catalog-intro';
import { TestModeBanner } from '@/features/checkout/components/test-mode-banner';

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/catalog', label: 'Catalog' },
  { href: '/documentation', label: 'Documentation' },
  { href: '/support', label: 'Support' },
  { href: '/about', label: 'About' },
];

const usesCatalogue = (path: string) => ['/', '/home', '/catalog'].includes(path) || path.startsWith('/plugin/');

export function PublicLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  // Start the catalogue request while the page's own chunk is still loading, not after it (Lighthouse LCP).
  useEffect(() => {
    if (usesCatalogue(path)) void queryClient.prefetchQuery(publicPluginsQueryOptions());
  }, [path]);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
          <Link href="/" className="flex items-center gap-2 font-semibold">
            <Package className="size-5" />
            {STORE_NAME}
          </Link>
          <nav className="ml-auto flex gap-4 text-sm text-muted-foreground">
            {NAV.map((item) => (
              <Link key={item.href} href={item.href} className="hover:text-foreground">
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      {/* At least a screen tall, so the footer starts below the fold and never shifts in view while a page loads (CLS). */}
      <main className="min-h-screen flex-1">
        {isLandingPath(path) && <LandingHero />}
        {path === '/catalog' && <CatalogIntro />}
        <Suspense fallback={<div className="flex justify-center p-16"><Spinner /></div>}>{children}</Suspense>
      </main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-muted-foreground sm:grid-cols-3">
          <div>
            <p className="font-semibold text-foreground">{STORE_NAME}</p>
            <p>Premium WordPress and WooCommerce plugins with lifetime updates.</p>
          </div>
          <div className="flex flex-col gap-1">
            <Link href="/catalog">Catalog</Link>
            <Link href="/documentation">Documentation</Link>
            <Link href="/support">Support</Link>
          </div>
          <div className="flex flex-col gap-1">
            <Link href="/about">About</Link>
            <Link href="/privacy">Privacy Policy</Link>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </div>
        </div>
        <p className="pb-6 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} {STORE_NAME}. All rights reserved.</p>
      </footer>
      <TestModeBanner />
    </div>
  );
}
