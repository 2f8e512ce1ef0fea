import { z } from 'zod';
import { idField, idParamsSchema } from './ids.js';
import { activationSchema, licenseSchema, PLANS, publicLicenseSchema } from './licenses.js';
import { orderSchema } from './orders.js';
import { autoRenewStateSchema } from './auto-renewal.js';

// Customer self-service (issue 15; docs/account.md): password-less sign-in by e-mailed one-time link, a
// customer session separate from the admin's, and the customer's own licences, sites, downloads and orders.
//
// Paths: every customer call is under /api/account/ (public, outside the admin prefixes). The admin's
// "send sign-in link" sits beside the other admin licence calls, so it is spelt like them:
// /api/admin/licenses/{id}/send-sign-in-link (not /licences/). Use ACCOUNT_API below rather than literals.
//
// Every POST (sign-in and session included) needs the header `X-Requested-With: XMLHttpRequest` (a
// cross-site form cannot set it; web/lib/api.ts sends it): 403 without it. Every call but sign-in and session answers 401
// `{error, message}` without a live customer session; another customer's licence, site or order is 404.

/** The customer session cookie (HttpOnly, SameSite=Lax, Path=/, Secure under https). Not the admin's pls_session. */
export const CUSTOMER_SESSION_COOKIE = 'pls_customer';
/** A sign-in link works once, within this many minutes. */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
/** At most this many links are e-mailed to one address per SIGN_IN_LINK_TTL_MINUTES (more requests still answer 202). */
export const SIGN_IN_LINKS_PER_ADDRESS = 3;
/** Sign-in requests one IP may make per minute (429 with Retry-After beyond it). */
export const SIGN_IN_REQUESTS_PER_IP_PER_MINUTE = 10;
/** A customer session lasts this many days (fixed, not sliding); sign-out ends it at once. */
export const CUSTOMER_SESSION_DAYS = 30;

/** The one answer of POST /api/account/sign-in, whether or not the address bought anything (no enumeration). */
export const SIGN_IN_REQUESTED_MESSAGE =
  'If this address has bought from us, a sign-in link is on its way. It works once, for 15 minutes. Check your spam folder if it does not arrive.';
/** The 410 answer of POST /api/account/session for an unknown, used or expired link. */
export const SIGN_IN_LINK_INVALID_MESSAGE = 'This sign-in link has expired or was already used. Request a new one.';
/** The 400 answer when the token is not even shaped like one (a link cut short by the mail program). */
export const SIGN_IN_LINK_MALFORMED_MESSAGE = 'This sign-in link is incomplete. Open the whole link from the e-mail, or request a new one.';
/** The receipt's VAT note. */
export const RECEIPT_VAT_NOTE = 'No VAT is charged on this sale: the amount shown is the total paid.';

/** Web pages (15w adds them to common/web-routes.ts); the e-mailed link is `{base}/account/sign-in/{token}`. */
export const ACCOUNT_PAGES = {
  account: '/account',
  signIn: '/account/sign-in',
  signInLink: (token: string) => `/account/sign-in/${encodeURIComponent(token)}`,
  receipt: (orderId: number) => `/account/orders/${orderId}/receipt`,
} as const;

export const ACCOUNT_API = {
  /** POST {email} → 202 {message}; 429 per IP. Every POST here needs X-Requested-With. */
  signIn: '/api/account/sign-in',
  /** POST {token} → 200 {email} + cookie; 400 malformed, 410 unknown/used/expired. */
  session: '/api/account/session',
  /** GET → 200 {email}; 401. */
  me: '/api/account/me',
  /** POST (X-Requested-With) → 200 {success}; clears the cookie, ends the session server-side. */
  signOut: '/api/account/sign-out',
  /** GET → 200 AccountLicense[]. */
  licenses: '/api/account/licences',
  /** POST (X-Requested-With) → 200 AccountLicense (after the change); 404 not theirs. */
  deactivateSite: (licenseId: number, activationId: number) => `/api/account/licences/${licenseId}/sites/${activationId}/deactivate`,
  /** POST (X-Requested-With) → 200 AccountDownload; 404 not theirs or no release; 409 licence revoked/expired. */
  download: (licenseId: number) => `/api/account/licences/${licenseId}/download`,
  /** POST {enabled} (X-Requested-With) → 200 AutoRenewState; 404 not theirs; 409 no saved card; 422 revoked or lifetime. */
  autoRenew: (licenseId: number) => `/api/account/licences/${licenseId}/auto-renew`,
  /** GET → 200 AccountOrder[] (paid and refunded only). */
  orders: '/api/account/orders',
  /** GET → 200 Receipt; 404 not theirs or pending. */
  receipt: (orderId: number) => `/api/account/orders/${orderId}/receipt`,
  /** Admin: POST (admin session + X-Requested-With, or API token) → 202 AdminSignInLinkResponse; 409 no customer e-mail. */
  adminSendSignInLink: (licenseId: number) => `/api/admin/licenses/${licenseId}/send-sign-in-link`,
} as const;

/** The order number customers and the admin see (the admin pages show `#{id}` too). */
export const orderNumber = (orderId: number): string => String(orderId);

// --- requests ---

export const signInRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(1, 'email is required')
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ message: 'email must be a valid e-mail address such as name@example.com' })),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** 32 random bytes in base64url: exactly 43 characters. */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sessionRequestSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().regex(SIGN_IN_TOKEN_PATTERN, SIGN_IN_LINK_MALFORMED_MESSAGE),
});
export type SessionRequest = z.infer<typeof sessionRequestSchema>;

export const accountLicenseParamsSchema = idParamsSchema;
export const accountSiteParamsSchema = idParamsSchema.extend({ activationId: idField('activationId') });
export const accountOrderParamsSchema = idParamsSchema;

// --- answers ---

export const signInResponseSchema = z.object({ message: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/account/session and GET /api/account/me. `expires_at`: when the session ends (UTC ISO). */
export const customerSchema = z.object({ email: z.string(), expires_at: z.string() });
export type Customer = z.infer<typeof customerSchema>;

export const signOutResponseSchema = z.object({ success: z.literal(true) });

/** A site of the licence: `id` is the activation's, for the deactivate call; local and staging sites use no seat (`is_local`). */
export const accountSiteSchema = activationSchema.pick({ id: true, site_url: true, is_local: true }).extend({
  activated_at: z.string(),
  /** The last time the site checked its licence; null when it never has since activation. */
  last_seen_at: z.string().nullable(),
});
export type AccountSite = z.infer<typeof accountSiteSchema>;

/**
 * What a licence or an order is of, as the buyer sees it. `plan_name`: what the buyer chose, the price tier's name
 * ("Business"), or the plan's label for a licence or an order without a tier.
 */
export const purchasedItemSchema = z.object({ plugin_slug: z.string(), plugin_name: z.string(), plan: z.enum(PLANS), plan_name: z.string() });

/** `key` is the full key: it is the customer's own (the page masks it until "reveal"). `expires_at` null = lifetime. */
export const accountLicenseSchema = publicLicenseSchema.extend({
  ...purchasedItemSchema.shape,
  ...licenseSchema.pick({ id: true, created_at: true }).shape,
  /** Whether POST .../download would give a link now (active licence and a release to give). */
  download_available: z.boolean(),
  sites: z.array(accountSiteSchema),
  /** The licence's renewal and upgrade page (`/renew?key=…`, common/renewals.ts), or null when it has none (revoked, no price tier). */
  renew_url: z.string().nullable(),
  /** Automatic renewal (docs/account.md): whether the saved card is charged at expiry; the buyer switches it. */
  auto_renew: autoRenewStateSchema,
});
export type AccountLicense = z.infer<typeof accountLicenseSchema>;
export const accountLicenseListSchema = z.array(accountLicenseSchema);

export const accountDownloadSchema = z.object({
  /** Signed, expiring URL of the zip (GET it). */
  url: z.string(),
  version: z.string(),
  expires_at: z.string(),
});
export type AccountDownload = z.infer<typeof accountDownloadSchema>;

const ACCOUNT_ORDER_STATUSES = ['paid', 'refunded'] as const;

/** `amount`: minor units (cents). */
export const accountOrderSchema = orderSchema.pick({ id: true, plugin_slug: true, plugin_name: true, amount: true, currency: true }).extend({
  number: z.string(),
  /** When it was paid (the order's creation time if the payment time is unknown). */
  date: z.string(),
  status: z.enum(ACCOUNT_ORDER_STATUSES),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export const accountOrderListSchema = z.array(accountOrderSchema);

/** `amount`: minor units (cents). */
export const receiptSchema = accountOrderSchema.pick({ number: true, date: true, status: true, amount: true, currency: true }).extend({
  order_id: z.number(),
  item: purchasedItemSchema,
  /** The coupon applied at checkout and what it took off (minor units); `amount` is what was paid after it. */
  coupon: z.object({ code: z.string(), discount: z.number().int() }).nullable(),
  vat_note: z.string(),
  /** The Setting seller_name. */
  seller_name: z.string(),
  buyer_email: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const adminSignInLinkResponseSchema = z.object({ message: z.string(), email: z.string() });
export type AdminSignInLinkResponse = z.infer<typeof adminSignInLinkResponseSchema>;
