import { toBool } from '../../db/portable.js';
import type { ActivationRow, LicenseRow } from './licenses.repository.js';

// The `data` of the licence events (docs/webhooks.md): the public shape of the record. Licences carry their full key: the endpoint is
// the vendor's own, and provisioning (a CRM, a support desk) needs it; docs/webhooks.md says so.

const licenseStatus = (row: Pick<LicenseRow, 'status' | 'expires_at'>, now: string): string =>
  row.status === 'active' && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status;

export const licenseEventData = (row: LicenseRow, now = new Date().toISOString()) => ({
  id: row.id,
  key: row.key,
  plugin_slug: row.plugin_slug,
  plan: row.plan,
  status: licenseStatus(row, now),
  max_activations: row.max_activations,
  expires_at: row.expires_at,
  customer_email: row.customer_email,
  order_id: row.order_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const activationEventData = (
  license: LicenseRow,
  activation: Pick<ActivationRow, 'site_url' | 'is_local' | 'environment' | 'created_at'>,
  by: 'site' | 'admin' | 'customer',
) => ({
  license: licenseEventData(license),
  site_url: activation.site_url,
  is_local: toBool(activation.is_local),
  environment: activation.environment,
  activated_at: activation.created_at,
  by,
});

export type LicenseEventData = ReturnType<typeof licenseEventData>;
export type ActivationEventData = ReturnType<typeof activationEventData>;

// The licence events this module emits, and what each carries (server/kernel/events.ts; docs/webhooks.md).
declare module '../../kernel/events.js' {
  interface AppEvents {
    'license.created': LicenseEventData;
    'license.updated': LicenseEventData;
    'license.revoked': LicenseEventData;
    'license.activated': ActivationEventData;
    'license.deactivated': ActivationEventData;
    'license.renewed': { license: LicenseEventData; order_id: number; previous_expires_at: string | null };
    'license.upgraded': {
      license: LicenseEventData;
      order_id: number;
      previous_price_id: number | null;
      previous_max_activations: number;
      price_id: number;
    };
    'license.transferred': { license: LicenseEventData; from_email: string; to_email: string };
  }
}
