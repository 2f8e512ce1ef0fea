import Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { StripeCheck } from '../../../common/payment-setup.js';
import { createStripeClient } from '../checkout/index.js';
import { stripeApiTarget } from '../settings/index.js';

const modeOf = (key: string): 'test' | 'live' => (/^(sk|rk|pk)_test_/.test(key) ? 'test' : 'live');
const KEYS_PAGE = 'Stripe → Developers → API keys';

/** Stripe's words for a failed call, turned into what the vendor should do. */
function explain(error: unknown, which: 'secret' | 'publishable'): string {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return `Stripe refused the ${which} key: it is mistyped, was rolled or was deleted. Copy it again from ${KEYS_PAGE}.`;
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return `The ${which} key is a restricted key without permission for this check: use the standard ${which} key from ${KEYS_PAGE}.`;
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return 'Stripe could not be reached from this server: check its internet access (a firewall or proxy), then check again.';
  }
  return `Stripe answered: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The Payments page's Check (issue 41): the secret key reads its account (test or live); the publishable key makes a
 * PII token, which only the same account's secret key can read back, so a pair from two accounts is caught.
 */
export async function checkStripeKeys(config: Config, secretKey: string | null, publishableKey: string | null): Promise<Omit<StripeCheck, 'checked_at'>> {
  const fail = (message: string, mode: 'test' | 'live' | null = null) => ({ ok: false, message, mode, account_id: null });
  if (!secretKey) return fail(`Enter the Stripe secret key first (${KEYS_PAGE}).`);
  if (!publishableKey) return fail(`Enter the Stripe publishable key too: the checkout page needs it (${KEYS_PAGE}).`);
  const mode = modeOf(secretKey);
  if (modeOf(publishableKey) !== mode) {
    return fail(
      `The secret key is a ${mode} key but the publishable key is a ${modeOf(publishableKey)} key: copy both from the same mode of ${KEYS_PAGE} (the "Test mode" switch).`,
      mode,
    );
  }
  const target = stripeApiTarget(config);
  const secretClient = createStripeClient({ secretKey, ...target });
  let account: Stripe.Account;
  try {
    account = await secretClient.accounts.retrieveCurrent();
  } catch (error) {
    return fail(explain(error, 'secret'), mode);
  }
  let tokenId: string;
  try {
    tokenId = (await createStripeClient({ secretKey: publishableKey, ...target }).tokens.create({ pii: { id_number: '000000000' } })).id;
  } catch (error) {
    return fail(explain(error, 'publishable'), mode);
  }
  try {
    await secretClient.tokens.retrieve(tokenId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      return fail(`The publishable key belongs to another Stripe account than the secret key: copy both from the same account's ${KEYS_PAGE}.`, mode);
    }
    return fail(explain(error, 'secret'), mode);
  }
  const name = account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? account.id;
  return { ok: true, message: `The keys work together: Stripe account ${name} (${account.id}), ${mode} mode.`, mode, account_id: account.id };
}
