import { randomBytes } from 'node:crypto';
import {
  TEST_CARD_DECLINE_MESSAGE,
  TEST_CARD_DECLINED,
  TEST_CARD_RENEWAL_DECLINED,
  TEST_CARD_RENEWAL_NEEDS_AUTH,
  TEST_CARD_SUCCESS,
  TEST_CARD_COUNTRIES,
} from '../../../common/checkout.js';
import {
  PaymentRefusedError,
  type CreatedIntent,
  type CreatedRefund,
  type OffSessionInput,
  type OffSessionOutcome,
  type PaymentProvider,
  type RefundInput,
} from './payment-provider.js';

const newSecret = (providerRef: string): CreatedIntent => ({ providerRef, clientSecret: `${providerRef}_secret_${randomBytes(24).toString('base64url')}` });

/** The built-in test provider: no network; the browser confirms with a test card at /api/checkout/test/confirm. */
export function createTestProvider(): PaymentProvider {
  // The refunds this provider made, by payment reference (per app: the provider is made once per app).
  const refunds = new Map<string, { key: string; refundRef: string }>();
  return {
    name: 'test',
    publishableKey: null,
    createIntent(): Promise<CreatedIntent> {
      return Promise.resolve(newSecret(`test_pi_${randomBytes(12).toString('hex')}`));
    },
    // An intent here is only its reference: a retry keeps it with a new secret (the order stores only the
    // secret's hash, so the old one cannot be given again; the retrying page uses the new one).
    reuseIntent(providerRef: string): Promise<CreatedIntent> {
      return Promise.resolve(newSecret(providerRef));
    },
    cancelIntent(): Promise<void> {
      return Promise.resolve();
    },
    // No money moved, so none goes back: the refund is a reference for the order's records. As Stripe does, the
    // idempotency key makes a repeated call the same refund (same reference), and a payment already refunded under
    // another key is refused (Stripe's charge_already_refunded).
    refund(providerRef: string, input: RefundInput): Promise<CreatedRefund> {
      const done = refunds.get(providerRef);
      if (done && done.key !== input.idempotencyKey) return Promise.reject(new PaymentRefusedError('the payment has already been refunded'));
      const refundRef = done?.refundRef ?? `test_re_${randomBytes(12).toString('hex')}`;
      refunds.set(providerRef, { key: input.idempotencyKey, refundRef });
      return Promise.resolve({ refundRef });
    },
    // The test card is remembered when the payment is confirmed (server/modules/checkout/auto-renewal.ts), not here.
    savedPaymentMethod(): Promise<string | null> {
      return Promise.resolve(null);
    },
    prepareOffSession(): Promise<{ providerRef: string }> {
      return Promise.resolve({ providerRef: `test_pi_${randomBytes(12).toString('hex')}` });
    },
    confirmOffSession(_providerRef: string, input: OffSessionInput): Promise<OffSessionOutcome> {
      return Promise.resolve(chargeSavedTestCard(input.paymentMethodRef));
    },
  };
}

/** An approved test card, with the country its issuer is in (a country card), else null. */
export type TestCardOutcome = { approved: true; cardCountry: string | null } | { approved: false; message: string };

/** The test cards a buyer can pay with at checkout (the two renewal cards pay; their later off-session charges fail). */
const PAYING_CARDS = new Set([TEST_CARD_SUCCESS, TEST_CARD_RENEWAL_DECLINED, TEST_CARD_RENEWAL_NEEDS_AUTH]);

/** 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any other number is declined with a hint. */
export function chargeTestCard(cardNumber: string): TestCardOutcome {
  if (PAYING_CARDS.has(cardNumber)) return { approved: true, cardCountry: null };
  const cardCountry = TEST_CARD_COUNTRIES[cardNumber];
  if (cardCountry) return { approved: true, cardCountry };
  if (cardNumber === TEST_CARD_DECLINED) return { approved: false, message: TEST_CARD_DECLINE_MESSAGE };
  return { approved: false, message: 'Test mode accepts only test cards: use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.' };
}

/** An automatic renewal's charge of a saved test card: 4242 pays; 0341 is declined; 3184 needs the buyer to authenticate. */
export function chargeSavedTestCard(cardNumber: string): OffSessionOutcome {
  if (cardNumber === TEST_CARD_SUCCESS) return { status: 'succeeded' };
  if (cardNumber === TEST_CARD_RENEWAL_NEEDS_AUTH)
    return { status: 'failed', code: 'authentication_required', reason: 'the bank asks the buyer to authenticate this payment' };
  return { status: 'failed', code: 'card_declined', reason: 'the saved card was declined' };
}
