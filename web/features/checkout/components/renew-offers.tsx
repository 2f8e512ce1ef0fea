import { formatMoney } from '@common/pricing';
import { tierSummary } from '@common/prices';
import type { RenewalQuote } from '@common/renewals';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { useSpelling } from '@/lib/brand';
import { RenewTaxBreakdown } from './renew-tax-breakdown';

/** What is being paid for: a renewal, or an upgrade to one tier. */
export type Purchase =
  { kind: 'renewal'; amount: number; currency: string; label: string } | { kind: 'upgrade'; priceId: number; amount: number; currency: string; label: string };

interface OfferProps {
  data: RenewalQuote;
  /** Pay buttons are hidden (a payment is under way) or disabled (the country is still to be chosen). */
  busy: boolean;
  canPay: boolean;
  start: (purchase: Purchase) => void;
}

/** The renewal: the new expiry and its price (net, tax and total once tax is set up), automatic renewal, Pay. */
export function RenewalOffer({
  data,
  busy,
  canPay,
  start,
  autoRenew,
}: OfferProps & { autoRenew: { offered: boolean; on: boolean; set: (on: boolean) => void } }) {
  const say = useSpelling();
  const renewal = data.renewal;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Renewal</CardTitle>
        <CardDescription>One more term from your current expiry (or from today if it has passed).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {renewal.available ? (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">New expiry</dt>
                <dd data-testid="renew-new-expiry" data-expires-at={renewal.new_expires_at}>
                  {formatDate(renewal.new_expires_at)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Price</dt>
                <dd data-testid="renew-price">{formatMoney(renewal.amount, renewal.currency)}</dd>
              </div>
            </dl>
            {renewal.tax && <RenewTaxBreakdown tax={renewal.tax} testId="renew-tax" />}
            {!busy && autoRenew.offered && (
              <label className="flex items-start gap-2 rounded-md border p-3 text-sm" data-testid="renew-auto-renew">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={autoRenew.on}
                  onChange={(event) => autoRenew.set(event.target.checked)}
                />
                <span>
                  <span className="font-medium">Renew automatically</span>
                  <span className="block text-muted-foreground">
                    {say('Save my card and charge it for the renewal price each time the licence expires. You can turn this off in your account at any time.')}
                  </span>
                </span>
              </label>
            )}
            {!busy && (
              <Button
                data-testid="renew-pay"
                disabled={!canPay}
                onClick={() =>
                  start({ kind: 'renewal', amount: renewal.amount, currency: renewal.currency, label: formatMoney(renewal.amount, renewal.currency) })
                }
              >
                Pay {formatMoney(renewal.amount, renewal.currency)} and renew
              </Button>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="renew-unavailable">
            {renewal.reason}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The tiers the licence can move up to, each with its prorated price (with tax once set up). */
export function UpgradeOffers({ data, busy, canPay, start }: OfferProps) {
  const say = useSpelling();
  return (
    <Card id="upgrade">
      <CardHeader>
        <CardTitle>Upgrade</CardTitle>
        <CardDescription>{say('More sites on the same key. A yearly or monthly licence pays the difference for the days left in its term.')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.upgrades.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="upgrade-unavailable">
            {data.upgrade_note}
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {data.upgrades.map((upgrade) => (
              <li key={upgrade.id} className="space-y-2 px-3 py-2" data-testid="upgrade-option">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <span className="font-medium">{upgrade.name}</span>
                    <span className="block text-sm text-muted-foreground">{tierSummary(upgrade)}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span data-testid="upgrade-price">{formatMoney(upgrade.amount, upgrade.currency)}</span>
                    {!busy && (
                      <Button
                        variant="outline"
                        disabled={!canPay}
                        onClick={() =>
                          start({
                            kind: 'upgrade',
                            priceId: upgrade.id,
                            amount: upgrade.amount,
                            currency: upgrade.currency,
                            label: formatMoney(upgrade.amount, upgrade.currency),
                          })
                        }
                      >
                        Upgrade to {upgrade.name}
                      </Button>
                    )}
                  </span>
                </div>
                {upgrade.tax && <RenewTaxBreakdown tax={upgrade.tax} testId="upgrade-tax" />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
