// The proof that this browser made a purchase: its checkout's client secret, kept for the tab's session
// (sessionStorage), one per plugin. The success page shows the order only to a browser holding it
// (POST /api/checkout/order); visiting /purchase/success?plugin=x without one shows no confirmation.

const key = (slug: string) => `purchase-proof:${slug}`;

/** Called once the payment succeeded, just before the success page opens. */
export function rememberPurchase(slug: string, clientSecret: string): void {
  try {
    sessionStorage.setItem(key(slug), clientSecret);
  } catch {
    // Storage refused (private mode quota): the success page then shows its neutral message.
  }
}

/**
 * The proof for this plugin's success page: Stripe's return URL carries `payment_intent_client_secret` after a
 * redirect (3-D Secure), which is kept and taken out of the address bar; else the one this tab remembered.
 */
export function purchaseProof(slug: string): string | null {
  const url = new URL(window.location.href);
  const fromStripe = url.searchParams.get('payment_intent_client_secret');
  if (fromStripe) {
    rememberPurchase(slug, fromStripe);
    for (const name of ['payment_intent', 'payment_intent_client_secret', 'redirect_status']) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
    return fromStripe;
  }
  try {
    return sessionStorage.getItem(key(slug));
  } catch {
    return null;
  }
}
