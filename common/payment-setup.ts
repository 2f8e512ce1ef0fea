import { z } from 'zod';
import { settingsUpdateSchema } from './settings.js';

// The Payments and E-mail admin pages (issue 41; docs/payment-setup.md): provider keys and SMTP settings entered in
// the admin, checked before they are trusted, and the deliberate step that takes the shop live.

/** Secrets stored sealed (server/lib/secret-box.ts); the three older ones are also set on the Settings page. */
export const STORED_SECRET_NAMES = ['stripe_secret_key', 'stripe_webhook_secret', 'lemonsqueezy_webhook_secret', 'webhook_secret', 'smtp_password'] as const;
export type StoredSecretName = (typeof STORED_SECRET_NAMES)[number];

/** Where a value in use comes from: the environment wins over what the admin saved. */
export const VALUE_SOURCES = ['environment', 'admin'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

/** A secret as the browser may see it: whether set, its last four characters, where it comes from. Never the value. */
export const secretViewSchema = z.object({
  is_set: z.boolean(),
  last4: z.string().nullable(),
  source: z.enum(VALUE_SOURCES).nullable(),
});
export type SecretView = z.infer<typeof secretViewSchema>;

/** The Stripe events the shop handles (server/modules/webhooks/stripe-webhook.ts): select these in Stripe's dashboard. */
export const STRIPE_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'charge.refunded'] as const;
/** The Lemon Squeezy events it handles. */
export const LEMONSQUEEZY_WEBHOOK_EVENTS = ['order_created', 'order_refunded'] as const;

export const stripeCheckSchema = z.object({
  ok: z.boolean(),
  /** What was found or what is wrong, in plain words. */
  message: z.string(),
  mode: z.enum(['test', 'live']).nullable(),
  account_id: z.string().nullable(),
  checked_at: z.string(),
});
export type StripeCheck = z.infer<typeof stripeCheckSchema>;

export const paymentSetupSchema = z.object({
  /** test: the built-in test provider or Stripe test keys take the payments (and the outbox shows e-mails in full). */
  mode: z.enum(['test', 'live']),
  stripe: z.object({
    secret_key: secretViewSchema,
    /** Public by design (the checkout page sends it to every buyer): shown in full. */
    publishable_key: z.object({ value: z.string().nullable(), source: z.enum(VALUE_SOURCES).nullable() }),
    webhook_secret: secretViewSchema,
    /** The last Check of the keys now saved; null when they were never checked (or changed since). */
    check: stripeCheckSchema.nullable(),
    webhook_url: z.string().nullable(),
    webhook_events: z.array(z.string()),
    /** When the first webhook signed with the current secret arrived. */
    webhook_received_at: z.string().nullable(),
  }),
  lemonsqueezy: z.object({
    webhook_secret: secretViewSchema,
    store: z.string().nullable(),
    webhook_url: z.string().nullable(),
    webhook_events: z.array(z.string()),
    webhook_received_at: z.string().nullable(),
  }),
  shop_address_confirmed: z.boolean(),
  /** Why "Go live" is refused now; empty when it would be allowed (or payments are live). */
  go_live_blockers: z.array(z.string()),
  /** The admin's sign-in is older than the secrets' limit: saving secrets asks for the password again. */
  password_required: z.boolean(),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

const secretField = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(500, `${what} must be at most 500 characters`)
    .nullable()
    .optional();

/** Re-entered admin password, needed when the sign-in is older than RECENT_SIGN_IN_MINUTES. */
const passwordField = z.string({ error: 'password must be text' }).max(200, 'password must be at most 200 characters').optional();

export const paymentSetupUpdateSchema = z
  .object({
    stripe_secret_key: secretField('The Stripe secret key').refine(
      (value) => !value || /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(value),
      'The Stripe secret key starts with sk_test_ or sk_live_ (Stripe → Developers → API keys)',
    ),
    stripe_publishable_key: secretField('The Stripe publishable key').refine(
      (value) => !value || /^pk_(test|live)_[A-Za-z0-9]+$/.test(value),
      'The Stripe publishable key starts with pk_test_ or pk_live_ (Stripe → Developers → API keys)',
    ),
    stripe_webhook_secret: secretField('The Stripe webhook signing secret').refine(
      (value) => !value || value.startsWith('whsec_'),
      'The Stripe webhook signing secret starts with whsec_ (Stripe → Developers → Webhooks → your endpoint → Signing secret)',
    ),
    lemonsqueezy_webhook_secret: secretField('The Lemon Squeezy webhook secret'),
    lemonsqueezy_store: settingsUpdateSchema.shape.lemonsqueezy_store,
    password: passwordField,
  })
  .strict();
export type PaymentSetupUpdate = z.infer<typeof paymentSetupUpdateSchema>;

/** Minutes a sign-in counts as recent enough to change secrets without the password again. */
export const RECENT_SIGN_IN_MINUTES = 15;

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;

export const emailSetupSchema = z.object({
  /** environment: SMTP_URL is set and wins; admin: the fields below; null: nothing leaves, the outbox keeps every e-mail. */
  source: z.enum(VALUE_SOURCES).nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(SMTP_SECURITY),
  user: z.string().nullable(),
  password: secretViewSchema,
  sender: z.string().nullable(),
  /** Where "Send a test e-mail" sends: the store's support address. */
  test_recipient: z.string().nullable(),
  /** The last test e-mail with the settings now in use, and the server's answer. */
  test: z.object({ ok: z.boolean(), answer: z.string(), at: z.string() }).nullable(),
  /** E-mails kept in the outbox while nothing could leave; sent once a test e-mail is delivered. */
  waiting: z.number().int(),
  password_required: z.boolean(),
});
export type EmailSetup = z.infer<typeof emailSetupSchema>;

export const emailSetupUpdateSchema = z
  .object({
    host: z
      .string({ error: 'host must be text' })
      .trim()
      .max(253, 'host must be at most 253 characters')
      .regex(/^[A-Za-z0-9.-]*$/, 'host must be a host name such as smtp.example.com')
      .nullable()
      .optional(),
    port: z
      .number({ error: 'port must be a whole number' })
      .int('port must be a whole number')
      .min(1, 'port must be 1 to 65535')
      .max(65535, 'port must be 1 to 65535')
      .nullable()
      .optional(),
    security: z.enum(SMTP_SECURITY, { error: 'security must be starttls, tls or none' }).optional(),
    user: z.string({ error: 'user must be text' }).trim().max(254, 'user must be at most 254 characters').nullable().optional(),
    password: secretField('The SMTP password'),
    sender: z.email({ error: 'sender must be an e-mail address such as shop@example.com' }).max(254).or(z.literal('')).nullable().optional(),
    admin_password: passwordField,
  })
  .strict();
export type EmailSetupUpdate = z.infer<typeof emailSetupUpdateSchema>;

export const testEmailResultSchema = z.object({ ok: z.boolean(), answer: z.string(), sent_to: z.string().nullable(), released: z.number().int() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

export const goLiveSchema = z.object({ live: z.boolean({ error: 'live must be true or false' }) }).strict();
