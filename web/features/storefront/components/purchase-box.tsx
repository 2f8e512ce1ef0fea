import { Link } from 'wouter';
import { Check } from 'lucide-react';
import type { PublicPlugin } from '@common/catalog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PriceTag } from './price-tag';

const LICENCE_TERMS = ['Use on up to 3 websites', 'Lifetime updates', '30-day money-back guarantee', 'Licence key by e-mail'];

/** Price, discount badge and Purchase Now (or Coming Soon) for the plugin page. */
export function PurchaseBox({ plugin }: { plugin: PublicPlugin }) {
  return (
    <Card>
      <CardContent className="space-y-4">
        <PriceTag plugin={plugin} size="large" />
        <p className="text-sm text-muted-foreground">One-time purchase, 3 domain license</p>
        {plugin.is_purchasable ? (
          <Button asChild size="lg" className="w-full">
            <Link href={`/checkout/${plugin.slug}`}>Purchase Now</Link>
          </Button>
        ) : (
          <Button size="lg" className="w-full" disabled>
            Coming Soon
          </Button>
        )}
        <ul className="space-y-2 text-sm">
          {LICENCE_TERMS.map((term) => (
            <li key={term} className="flex items-center gap-2">
              <Check className="size-4 text-green-600" aria-hidden="true" />
              {term}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
