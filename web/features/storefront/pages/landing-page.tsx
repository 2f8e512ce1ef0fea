import { Link } from 'wouter';
import { usePageMeta } from '@/lib/page-meta';
import { useStoreIdentity } from '@/lib/brand';
import { landingValuePoints } from '@common/store-terms';
import { usePublicPlugins, useTiersOnSale } from '@/lib/public-plugins';
import { FeaturedPluginCard } from '../components/featured-plugin-card';

// No icons or shared skeleton here: each would be another chunk on the page with the 100 KB JavaScript budget.

/** Everything below the hero, which the public layout renders (see landing-hero.tsx). */
export function LandingPage() {
  const identity = useStoreIdentity();
  usePageMeta('Home', identity.tagline, { canonical: '/' });
  // What the tiers on sale and the vendor's terms promise (the demo: one-time payment, lifetime updates, 30 days).
  const valuePoints = landingValuePoints(useTiersOnSale(), identity);
  const { data: plugins, isPending, isError } = usePublicPlugins();
  const featured = (plugins ?? []).filter((plugin) => plugin.is_featured);
  return (
    <div>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-3" aria-label="Why buy from us">
        {valuePoints.map((point) => (
          <div key={point.title} className="border-l-4 border-primary pl-4">
            <h2 className="font-semibold">{point.title}</h2>
            <p className="text-sm text-muted-foreground">{point.text}</p>
          </div>
        ))}
      </section>

      {/* A shop with nothing featured yet (a new vendor's) shows no empty section. */}
      {(isPending || isError || featured.length > 0) && (
        <section className="mx-auto max-w-6xl px-4 pb-16">
          <h2 className="mb-6 text-2xl font-bold">Featured Plugins</h2>
          {isError ? (
            <p className="text-muted-foreground">
              Featured plugins could not be loaded.{' '}
              <Link href="/catalog" className="underline">
                Browse the catalog
              </Link>
              .
            </p>
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              {isPending
                ? [0, 1].map((key) => <div key={key} className="h-80 animate-pulse rounded-xl bg-muted" />)
                : featured.map((plugin, index) => <FeaturedPluginCard key={plugin.slug} plugin={plugin} priority={index === 0} />)}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
