import { formatMoney, tierPriceMinor } from '@common/pricing';
import type { PublicPrice } from '@common/prices';
import { licenceWord } from '@common/store-terms';
import { useStoreIdentity } from '@/lib/brand';
import { cn } from '@/lib/utils';

/** The plugin page's choice between price tiers: one radio per tier, its name, sites and price. */
export function TierPicker({ tiers, chosenId, onChoose }: { tiers: PublicPrice[]; chosenId: number; onChoose: (id: number) => void }) {
  const { spelling } = useStoreIdentity();
  return (
    <fieldset className="space-y-2" data-testid="tier-picker">
      <legend className="mb-2 text-sm font-medium">Choose your {licenceWord(spelling)}</legend>
      {tiers.map((tier) => (
        <label
          key={tier.id}
          className={cn(
            'flex cursor-pointer items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm',
            tier.id === chosenId ? 'border-primary bg-primary/5' : 'border-border',
          )}
        >
          <span className="flex items-center gap-2">
            <input type="radio" name="price-tier" value={tier.id} checked={tier.id === chosenId} onChange={() => onChoose(tier.id)} />
            <span className="font-medium">{tier.name}</span>
            <span className="text-muted-foreground">{tier.sites === null ? 'Unlimited sites' : `${tier.sites} ${tier.sites === 1 ? 'site' : 'sites'}`}</span>
          </span>
          <span>
            {formatMoney(tierPriceMinor(tier), tier.currency)}
            {tier.term !== 'lifetime' && <span className="text-muted-foreground"> / {tier.term}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
