import { useCheckoutConfig } from '../api/get-checkout-config';

/**
 * Shown at the top of every storefront page while the built-in test provider is live (no real provider configured,
 * or PAYMENTS_TEST_MODE=true). It takes its own room in the page's flow, so it never covers content (on a phone it
 * wraps to two lines), and it is left off print (receipts). The config comes with the page's HTML
 * (server/http/page-meta.ts), so the bar is there at the first paint and pushes nothing down later (CLS).
 */
export function TestModeBanner() {
  const { data } = useCheckoutConfig();
  if (data?.provider !== 'test') return null;
  return (
    <aside aria-label="Test mode" data-testid="test-mode-banner" className="border-b-2 border-amber-500 bg-amber-100 text-amber-950 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-bold tracking-wider text-amber-950">TEST MODE</span>
        <span>This store takes test payments only: no card is charged and no real money changes hands.</span>
      </div>
    </aside>
  );
}
