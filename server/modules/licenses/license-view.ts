// How a licence row is shown: to the admin (full key) and to a WordPress site (masked key).
import { maskLicenseKey } from '../../../common/license-key.js';
import { PLANS, type Activation, type License, type Plan, type PublicLicense } from '../../../common/licenses.js';
import { asChannel } from '../../../common/channels.js';
import { toBool } from '../../db/portable.js';
import { effectiveStatus } from './license-access.service.js';
import type { ActivationRow, LicenseRow, ValidationLicense } from './licenses.repository.js';

const asPlan = (plan: string): Plan => ((PLANS as readonly string[]).includes(plan) ? (plan as Plan) : 'lifetime');

export function toAdminLicense(row: LicenseRow, activationsUsed: number, now = new Date()): License {
  return {
    id: row.id,
    // An imported key as its source spelled it (0040); keys are looked up in any case.
    key: row.key_spelling ?? row.key,
    plugin_slug: row.plugin_slug,
    plan: asPlan(row.plan),
    status: effectiveStatus(row, now),
    max_activations: row.max_activations,
    activations_used: activationsUsed,
    expires_at: row.expires_at,
    customer_email: row.customer_email,
    created_at: row.created_at,
    updated_at: row.updated_at,
    channel: asChannel(row.channel),
    price_id: row.price_id,
  };
}

export function toPublicLicense(row: ValidationLicense, activationsUsed: number, now = new Date()): PublicLicense {
  return {
    key: maskLicenseKey(row.key),
    status: effectiveStatus(row, now),
    plan: asPlan(row.plan),
    plugin_slug: row.plugin_slug,
    max_activations: row.max_activations,
    activations_used: activationsUsed,
    activations_left: Math.max(0, row.max_activations - activationsUsed),
    expires_at: row.expires_at,
  };
}

export const toActivation = (row: ActivationRow): Activation => ({
  id: row.id,
  site_url: row.site_url,
  is_local: toBool(row.is_local),
  environment: row.environment,
  created_at: row.created_at,
  last_checked_at: row.last_checked_at,
});
