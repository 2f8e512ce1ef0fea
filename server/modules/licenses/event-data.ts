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
