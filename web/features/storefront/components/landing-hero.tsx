import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useStoreIdentity } from '@/lib/brand';

export const isLandingPath = (path: string): boolean => path === '/' || path === '/home';

/**
 * The landing page's hero. The public layout renders it (it is in the first bundle), so the page's largest
 * text paints with the first frame instead of after the landing chunk arrives (Lighthouse LCP, docs/design.md section 9).
 */
export function LandingHero() {
  const { headline, tagline } = useStoreIdentity();
  return (
    <section className="border-b bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center md:py-24">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{headline}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{tagline}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/catalog">Browse Plugins</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/documentation">Read the Documentation</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
