import { useCheckoutConfig } from '../api/get-checkout-config';

/**
 * Shown on every storefront page while the built-in test provider is live (no real provider configured, or
 * PAYMENTS_TEST_MODE=true). Fixed to the bottom of the window: it appears after the config request answers,
 * and a bar pushing the page down at that moment would be a layout shift (CLS).
 */
export function TestModeBanner() {
  const { data } = useCheckoutConfig();
  if (data?.provider !== 'test') return null;
  return (
    <>
      <aside
        aria-label="Test mode"
        data-testid="test-mode-banner"
        className="fixed inset-x-0 bottom-0 z-50 border-t-2 border-amber-500 bg-amber-100 text-amber-950 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
          <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-bold tracking-wider text-amber-950">TEST MODE</span>
          <span>This store takes test payments only: no card is charged and no real money changes hands.</span>
        </div>
      </aside>
      {/* Room at the end of the page, so the bar never hides the footer's last line. */}
      <div aria-hidden className="h-20 sm:h-10" />
    </>
  );
}
