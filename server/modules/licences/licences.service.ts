// Admin licence management: list, read, create, change, revoke, release one site.
import type { Database } from '../../db/database.js';
import type { Licence, LicenceCreate, LicenceDetail, LicenceUpdate } from '../../../common/licences.js';
import { licenceCreateSchema } from '../../../common/licences.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/activities.repository.js';
import { activationEventData, enqueueEvent, licenceEventData, nudgeWebhookDeliveries } from '../outgoing-webhooks/events.js';
import { findPluginBySlug } from '../plugins/plugins.repository.js';
import { createLicence, expiryForPlan, revokeLicence } from './licence-access.js';
import {
  countCountedActivations,
  countCountedActivationsByLicence,
  deleteActivation,
  findLicenceById,
  listActivations,
  listLicences,
  lockLicenceById,
  updateLicence,
} from './licences.repository.js';
import { toActivation, toAdminLicence } from './licence-view.js';

export async function listAdminLicences(db: Database, pluginSlug?: string): Promise<Licence[]> {
  const rows = await listLicences(db, pluginSlug || undefined);
  const used = await countCountedActivationsByLicence(db, rows.map((row) => row.id));
  const now = new Date();
  return rows.map((row) => toAdminLicence(row, used.get(row.id) ?? 0, now));
}

export async function getAdminLicence(db: Database, id: number): Promise<LicenceDetail> {
  const row = await findLicenceById(db, id);
  if (!row) throw new AppError('NOT_FOUND', `License ${id} was not found`);
  const activations = await listActivations(db, id);
  const used = activations.filter((activation) => activation.is_local === 0).length;
  return { ...toAdminLicence(row, used), activations: activations.map(toActivation) };
}

export async function createAdminLicence(db: Database, body: LicenceCreate): Promise<LicenceDetail> {
  const input = licenceCreateSchema.parse(body);
  if (!(await findPluginBySlug(db, input.plugin_slug))) throw new AppError('UNPROCESSABLE', `Plugin "${input.plugin_slug}" does not exist`);
  const row = await db.transaction().execute((trx) =>
    createLicence(trx, {
      key: input.key,
      pluginSlug: input.plugin_slug,
      plan: input.plan,
      status: input.status,
      maxActivations: input.max_activations,
      customerEmail: input.customer_email ?? null,
    }),
  );
  nudgeWebhookDeliveries();
  return getAdminLicence(db, row.id);
}

/** Changing the plan restarts its term from the licence's creation unless an expiry is sent too. */
export async function updateAdminLicence(db: Database, id: number, changes: LicenceUpdate): Promise<LicenceDetail> {
  if (changes.status === 'revoked') {
    const others = { ...changes, status: undefined };
    if (Object.values(others).some((value) => value !== undefined)) await applyUpdate(db, id, others);
    await revokeLicence(db, id);
    return getAdminLicence(db, id);
  }
  await applyUpdate(db, id, changes);
  return getAdminLicence(db, id);
}

async function applyUpdate(db: Database, id: number, changes: LicenceUpdate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const licence = await lockLicenceById(trx, id);
    if (!licence) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    const at = nowIso();
    const values: Parameters<typeof updateLicence>[2] = { updated_at: at };
    if (changes.plan !== undefined) {
      values.plan = changes.plan;
      if (changes.expires_at === undefined) values.expires_at = expiryForPlan(changes.plan, licence.created_at);
    }
    if (changes.expires_at !== undefined) values.expires_at = changes.expires_at === null ? null : new Date(changes.expires_at).toISOString();
    if (changes.max_activations !== undefined) {
      const used = await countCountedActivations(trx, id);
      if (changes.max_activations < used) {
        throw new AppError('CONFLICT', `This license is active on ${used} sites; deactivate sites before lowering max activations below ${used}`);
      }
      values.max_activations = changes.max_activations;
    }
    if (changes.status !== undefined) {
      values.status = changes.status;
      // Reactivating an expired licence without a new expiry would read as expired again; clear a past expiry.
      if (changes.status === 'active' && values.expires_at === undefined && licence.expires_at && new Date(licence.expires_at) <= new Date()) {
        values.expires_at = expiryForPlan((values.plan ?? licence.plan) as Parameters<typeof expiryForPlan>[0], at);
      }
    }
    await updateLicence(trx, id, values);
    await recordActivity(trx, 'license_updated', { license_key: licence.key, changes }, at);
    await enqueueEvent(trx, 'license.updated', licenceEventData({ ...licence, ...values }), at);
  });
  nudgeWebhookDeliveries();
}

/** Frees one site's seat; `by` names who did it in the activity entry (the admin, or the customer's account page). */
export async function deactivateAdminSite(db: Database, id: number, activationId: number, by: 'admin' | 'customer' = 'admin'): Promise<LicenceDetail> {
  await db.transaction().execute(async (trx) => {
    const licence = await lockLicenceById(trx, id);
    if (!licence) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    const activation = (await listActivations(trx, id)).find((row) => row.id === activationId);
    if (!activation) throw new AppError('NOT_FOUND', `Site activation ${activationId} was not found on license ${id}`);
    await deleteActivation(trx, activationId);
    await recordActivity(trx, 'license_deactivated', { license_key: licence.key, site_url: activation.site_url, by });
    await enqueueEvent(trx, 'license.deactivated', activationEventData(licence, activation, by));
  });
  nudgeWebhookDeliveries();
  return getAdminLicence(db, id);
}

