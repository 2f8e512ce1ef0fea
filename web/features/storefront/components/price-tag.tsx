import { priceDisplay, type PriceablePlugin } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The catalogue price display of docs/product-spec.md section 4, with the discount badge when a valid discount applies. */
export function PriceTag({ plugin, size = 'default' }: { plugin: PriceablePlugin; size?: 'default' | 'large' }) {
  const display = priceDisplay(plugin);
  const amountClass = size === 'large' ? 'text-4xl font-bold' : 'text-2xl font-bold';
  if (display.kind === 'contact')
    return (
      <span className="text-sm font-medium text-muted-foreground" data-testid="price">
        {display.label}
      </span>
    );
  return (
    <div className="flex flex-wrap items-baseline gap-2" data-testid="price">
      <span className={cn(amountClass)} data-testid="price-amount">
        {display.label}
      </span>
      {display.kind === 'discounted' && (
        <>
          <s className="text-muted-foreground" data-testid="price-original">
            {display.original}
          </s>
          <Badge variant="destructive" data-testid="discount-badge">
            {display.percentOff}% OFF
          </Badge>
        </>
      )}
    </div>
  );
}
