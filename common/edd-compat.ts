import { z } from 'zod';

// The Easy Digital Downloads Software Licensing API this shop also answers at its root URL (issue 28,
// docs/migrating.md): `/?edd_action=…` with EDD's parameter names, by GET or POST (query string, form fields or
// JSON). Lenient like EDD: every field is optional text (a number is taken as its text), since plugins already
// in the field send what their EDD_SL_Plugin_Updater copy sends (`item_id=0` when they use `item_name`, an
// empty `url`); limits only keep a request small.

export const EDD_ACTIONS = ['activate_license', 'deactivate_license', 'check_license', 'get_version'] as const;
export type EddAction = (typeof EDD_ACTIONS)[number];

// A string is checked once (a number, as some clients send an id, is taken as its text): on check_license, the
// hot path, this parses a request in two thirds of the time a union-then-pipe took.
const eddText = (name: string, max: number) =>
  z.union([z.string().max(max, `${name} must be at most ${max} characters`), z.number().transform(String)], { error: `${name} must be text` }).optional();

export const eddRequestSchema = z.object({
  edd_action: eddText('edd_action', 40),
  license: eddText('license', 200),
  item_id: eddText('item_id', 20),
  item_name: eddText('item_name', 200),
  url: eddText('url', 2048),
  environment: eddText('environment', 40),
  slug: eddText('slug', 100),
  version: eddText('version', 60),
  beta: z.union([z.string().max(10, 'beta must be at most 10 characters'), z.boolean(), z.number()], { error: 'beta must be 1, 0, true or false' }).optional(),
  php_version: eddText('php_version', 60),
  wp_version: eddText('wp_version', 60),
  /** Older updaters send the product's name as `name` when they have neither item_id nor item_name. */
  name: eddText('name', 200),
});
export type EddRequest = z.infer<typeof eddRequestSchema>;

/** `license` of activate_license (EDD: the outcome, not the licence's state). */
export type EddActivateStatus = 'valid' | 'invalid';
/** EDD's activation errors (`error` when `success` is false). */
export const EDD_ACTIVATE_ERRORS = [
  'missing',
  'missing_url',
  'disabled',
  'no_activations_left',
  'expired',
  'key_mismatch',
  'invalid_item_id',
  'item_name_mismatch',
  'license_not_activable',
] as const;
export type EddActivateError = (typeof EDD_ACTIVATE_ERRORS)[number];
/** `license` of check_license. */
export const EDD_CHECK_STATUSES = ['valid', 'invalid', 'inactive', 'site_inactive', 'expired', 'disabled', 'invalid_item_id', 'item_name_mismatch'] as const;
export type EddCheckStatus = (typeof EDD_CHECK_STATUSES)[number];

/** The licence fields EDD adds to activate and check answers once the key is known. */
export interface EddLicenseFields {
  /** `lifetime`, or the expiry as `Y-m-d H:i:s` (UTC). */
  expires: string;
  /** 0 for an unlimited licence, as EDD. */
  license_limit: number;
  site_count: number;
  /** `unlimited` for an unlimited licence, as EDD answers for a limit of 0. */
  activations_left: number | 'unlimited';
}

/** Who bought the licence and how, in EDD's fields, once the key is known (activate, check, deactivate). */
export interface EddPurchaseFields {
  /** The order the licence was sold in; 0 for a licence made without one (imported, or by the admin). */
  payment_id: number;
  /** The buyer's name on the Customers page, else empty. */
  customer_name: string;
  customer_email: string | null;
  /** The price tier it was sold from (EDD's variable price id), as text; null when none. */
  price_id: string | null;
}

interface EddItem {
  /** The `item_id` the request sent (PHP's absint), false when it sent none: EDD answers what it was asked. */
  item_id: number | false;
  item_name: string;
  /** EDD's request checksum: md5 of the request's decoded arguments as JSON, longest first. */
  checksum: string;
}

export type EddActivateAnswer = EddItem &
  Partial<EddLicenseFields> &
  Partial<EddPurchaseFields> & {
    success: boolean;
    license: EddActivateStatus;
    error?: EddActivateError;
    /** A local or staging site: recorded, not counted toward the limit (docs/license-api.md). */
    is_local?: boolean;
    /** The limit when it refused with no_activations_left (EDD's field, kept for its sample plugin). */
    max_sites?: number;
  };

export type EddCheckAnswer = EddItem & Partial<EddLicenseFields> & Partial<EddPurchaseFields> & { success: boolean; license: EddCheckStatus };

export type EddDeactivateAnswer = EddItem & Partial<EddPurchaseFields> & { success: boolean; license: 'deactivated' | 'failed'; expires?: string };

export interface EddVersionAnswer {
  new_version: string;
  stable_version: string;
  name?: string;
  slug?: string;
  url?: string;
  homepage: string;
  last_updated?: string;
  /** Our expiring signed download link; empty when the licence does not entitle the site. */
  package: string;
  download_link?: string;
  sections: { description: string; changelog: string } | '';
  banners: Record<string, string>;
  icons: Record<string, string>;
  requires?: string | null;
  tested?: string | null;
  requires_php?: string | null;
  msg?: string;
}
