import { Link } from 'wouter';
import type { PublicPlugin } from '@common/catalog';
import { Button } from '@/components/ui/button';

/** Learn More and Purchase, or the Coming Soon state for a plugin that cannot be bought yet. */
export function PurchaseActions({ plugin, purchaseLabel = 'Purchase' }: { plugin: PublicPlugin; purchaseLabel?: string }) {
  return (
    <div className="flex w-full gap-2">
      <Button asChild variant="outline" className="flex-1">
        {/* The spec's "Learn More", with the plugin's name for screen readers and crawlers (Lighthouse link-text). */}
        <Link href={`/plugin/${plugin.slug}`}>
          Learn More<span className="sr-only"> about {plugin.name}</span>
        </Link>
      </Button>
      {plugin.is_purchasable ? (
        <Button asChild className="flex-1">
          <Link href={`/checkout/${plugin.slug}`} aria-label={`${purchaseLabel} ${plugin.name}`}>
            {purchaseLabel}
          </Link>
        </Button>
      ) : (
        <Button disabled className="flex-1">
          Coming Soon
        </Button>
      )}
    </div>
  );
}
