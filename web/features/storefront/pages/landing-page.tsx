import { Link } from 'wouter';
import { BadgeCheck, RefreshCw, ShieldCheck } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { STORE_TAGLINE } from '@/lib/brand';
import { usePublicPluginsSnapshot } from '../api/get-public-plugins';
import { FeaturedPluginCard } from '../components/featured-plugin-card';

const VALUE_POINTS = [
  { icon: BadgeCheck, title: 'One-time payment', text: 'Pay once and use your plugin for good: each licence covers up to 3 websites.' },
  { icon: RefreshCw, title: 'Lifetime updates', text: 'Signed updates delivered straight to your WordPress dashboard, for life.' },
  { icon: ShieldCheck, title: '30-day money-back guarantee', text: 'Not the right fit? Ask for a full refund within 30 days of purchase.' },
];

/** Everything below the hero, which the public layout renders (see landing-hero.tsx). */
export function LandingPage() {
  usePageMeta('Home', STORE_TAGLINE);
  const { data: plugins, isPending, isError } = usePublicPluginsSnapshot();
  const featured = (plugins ?? []).filter((plugin) => plugin.is_featured);
  return (
    <div>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-3" aria-label="Why buy from us">
        {VALUE_POINTS.map((point) => (
          <div key={point.title} className="flex gap-3">
            <point.icon className="mt-1 size-6 shrink-0" aria-hidden="true" />
            <div>
              <h2 className="font-semibold">{point.title}</h2>
              <p className="text-sm text-muted-foreground">{point.text}</p>
            </div>
          </div>
        ))}
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16">
        <h2 className="mb-6 text-2xl font-bold">Featured Plugins</h2>
        {isError ? (
          <p className="text-muted-foreground">Featured plugins could not be loaded. <Link href="/catalog" className="underline">Browse the catalog</Link>.</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {isPending
              ? [0, 1].map((key) => <Skeleton key={key} className="h-80 rounded-xl" />)
              : featured.map((plugin) => <FeaturedPluginCard key={plugin.slug} plugin={plugin} />)}
          </div>
        )}
      </section>
    </div>
  );
}
