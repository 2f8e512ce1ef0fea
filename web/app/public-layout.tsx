import { Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, Package, X } from 'lucide-react';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useStoreIdentity } from '@/lib/brand';
import { queryClient } from '@/lib/query-client';
import { publicPluginsQueryOptions } from '@/lib/public-plugins';
import { isLandingPath, LandingHero } from '@/features/storefront/components/landing-hero';
import { CatalogIntro } from '@/features/storefront/components/catalog-intro';
import { TestModeBanner } from '@/features/checkout/components/test-mode-banner';

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/catalog', label: 'Catalog' },
  { href: '/documentation', label: 'Documentation' },
  { href: '/support', label: 'Support' },
  { href: '/about', label: 'About' },
  { href: '/account', label: 'Account' },
];

const usesCatalog = (path: string) => ['/', '/home', '/catalog'].includes(path) || path.startsWith('/plugin/');

/** The store's accent colour (checked for contrast with white when saved) on the theme's primary colour. */
const accentStyle = (accent: string | null): CSSProperties | undefined =>
  accent ? ({ '--primary': accent, '--primary-foreground': '#ffffff', '--ring': accent } as CSSProperties) : undefined;

export function PublicLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const identity = useStoreIdentity();
  // Start the catalogue request while the page's own chunk is still loading, not after it (Lighthouse LCP).
  useEffect(() => {
    if (usesCatalog(path)) void queryClient.prefetchQuery(publicPluginsQueryOptions());
  }, [path]);
  return (
    <div className="flex min-h-screen flex-col" style={accentStyle(identity.accent_color)}>
      <SkipLink />
      <TestModeBanner />
      <PublicHeader path={path} />
      {/* At least a screen tall, so the footer starts below the fold and never shifts in view while a page loads (CLS). */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        {isLandingPath(path) && <LandingHero />}
        {path === '/catalog' && <CatalogIntro />}
        <Suspense
          fallback={
            <div className="flex justify-center p-16">
              <Spinner />
            </div>
          }
        >
          {children}
        </Suspense>
      </main>
      <StoreFooter />
    </div>
  );
}

/**
 * The store's header. On phones the links fold behind a Menu button (six links are about 500 px wide, more than a
 * 360 px screen); from the md breakpoint they show inline. The header keeps its 64 px height either way (no CLS).
 */
function PublicHeader({ path }: { path: string }) {
  const { store_name: storeName, logo } = useStoreIdentity();
  const [open, setOpen] = useState(false);
  // Following a link closes the menu.
  useEffect(() => setOpen(false), [path]);
  const links = NAV.map((item) => (
    <Link
      key={item.href}
      href={item.href}
      aria-current={item.href === path ? 'page' : undefined}
      className="rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {item.label}
    </Link>
  ));
  return (
    <header className="relative border-b bg-background print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <Link href="/" className="flex min-w-0 items-center gap-2 font-semibold">
          {logo ? (
            <img src={logo.url} alt="" width={logo.width} height={logo.height} className="h-8 w-auto max-w-32 object-contain" />
          ) : (
            <Package className="size-5 shrink-0" aria-hidden="true" />
          )}
          {/* Two lines before an ellipsis: beside a wide logo on a 360 px phone one line held "Northwind E…". */}
          <span className="line-clamp-2 leading-tight break-words">{storeName}</span>
        </Link>
        <nav aria-label="Main" className="ml-auto hidden gap-4 text-sm text-muted-foreground md:flex">
          {links}
        </nav>
        <button
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring md:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-nav"
          aria-label="Main"
          className="absolute inset-x-0 top-16 z-40 flex flex-col gap-1 border-b bg-background px-4 py-3 text-base text-muted-foreground shadow-md md:hidden [&>a]:py-2"
        >
          {links}
        </nav>
      )}
    </header>
  );
}

/** A footer link: a path on this site through the router, an address elsewhere as a plain link. */
function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('/') ? <Link href={href}>{children}</Link> : <a href={href}>{children}</a>;
}

/** The store's footer: its name and tagline, the pages, its own links, support address and legal details. */
function StoreFooter() {
  const identity = useStoreIdentity();
  const legal = [identity.legal_name, identity.legal_address.replace(/\s*\n\s*/g, ', '), identity.vat_number ? `VAT ${identity.vat_number}` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <footer className="border-t bg-muted/40 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-muted-foreground sm:grid-cols-3">
        <div>
          <p className="font-semibold text-foreground">{identity.store_name}</p>
          <p>{identity.tagline}</p>
        </div>
        <div className="flex flex-col gap-1">
          <Link href="/catalog">Catalog</Link>
          <Link href="/documentation">Documentation</Link>
          <Link href="/support">Support</Link>
        </div>
        <div className="flex flex-col gap-1">
          <Link href="/about">About</Link>
          <Link href="/privacy">Privacy Policy</Link>
          <Link href="/terms">Terms of Sale</Link>
          <Link href="/refund-policy">Refund Policy</Link>
          {identity.footer_links.map((link) => (
            <FooterLink key={`${link.label} ${link.url}`} href={link.url}>
              {link.label}
            </FooterLink>
          ))}
          {identity.support_email && <a href={`mailto:${identity.support_email}`}>{identity.support_email}</a>}
        </div>
      </div>
      <p className="px-4 pb-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {identity.store_name}. All rights reserved.
        {legal && <span className="block break-words">{legal}</span>}
      </p>
    </footer>
  );
}
