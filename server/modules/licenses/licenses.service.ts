// Admin licence management: list, read, create, change, revoke, release one site.
import type { Database } from '../../db/database.js';
import { pageCursors } from '../../lib/list-cursor.js';
import type { License, LicenseCreate, LicenseDetail, LicenseListPage, LicenseUpdate } from '../../../common/licenses.js';
import { LICENSES_PAGE_SIZE, licenseCreateSchema } from '../../../common/licenses.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { unitOfWork, type UnitOrContext } from '../../kernel/events.js';
import { activationEventData, licenseEventData } from './event-data.js';
import { findPluginBySlug } from '../plugins/index.js';
import { createLicense, expiryForPlan, revokeLicense } from './license-access.service.js';
import { countCountedActivations, deleteActivation, findLicenseById, listActivations, lockLicenseById, updateLicense } from './licenses.repository.js';
import { toActivation, toAdminLicense } from './license-view.js';
import { listLicensesPage, type LicenseListFilter } from './license-list.repository.js';

/** What a change needs: the database and the event bus (a context or a test app's ctx). */
type Units = Exclude<UnitOrContext, { trx: unknown }>;

/** Every licence (of the plugin, matching the search), newest first unless sorted: the plain-array answer without `page`. */
export async function listAdminLicenses(db: Database, filter: LicenseListFilter = {}): Promise<License[]> {
  const { rows } = await listLicensesPage(db, filter);
  const now = new Date();
  return rows.map(({ activations_used, ...row }) => toAdminLicense(row, Number(activations_used), now));
}

/** One page of the licences (of the plugin, matching the search), newest first unless sorted, and how many match in all. */
export async function listAdminLicensesPage(db: Database, filter: LicenseListFilter, page: number): Promise<LicenseListPage> {
  const { rows, total } = await listLicensesPage(db, filter, { limit: LICENSES_PAGE_SIZE, offset: filter.cursor ? 0 : (page - 1) * LICENSES_PAGE_SIZE });
  const now = new Date();
  return {
    licenses: rows.map(({ activations_used: used, sort_value: _value, ...row }) => toAdminLicense(row, Number(used), now)),
    total,
    page,
    page_size: LICENSES_PAGE_SIZE,
    ...pageCursors(rows, (row) => row.sort_value),
  };
}

export async function getAdminLicense(db: Database, id: number): Promise<LicenseDetail> {
  const row = await findLicenseById(db, id);
  if (!row) throw new AppError('NOT_FOUND', `License ${id} was not found`);
  const activations = await listActivations(db, id);
  const used = activations.filter((activation) => activation.is_local === 0).length;
  return { ...toAdminLicense(row, used), activations: activations.map(toActivation) };
}

export async function createAdminLicense(ctx: Units, body: LicenseCreate): Promise<LicenseDetail> {
  const input = licenseCreateSchema.parse(body);
  if (!(await findPluginBySlug(ctx.db, input.plugin_slug))) throw new AppError('UNPROCESSABLE', `Plugin "${input.plugin_slug}" does not exist`);
  const row = await createLicense(ctx, {
    key: input.key,
    pluginSlug: input.plugin_slug,
    plan: input.plan,
    status: input.status,
    maxActivations: input.max_activations,
    customerEmail: input.customer_email ?? null,
  });
  return getAdminLicense(ctx.db, row.id);
}

/** Changing the plan restarts its term from the licence's creation unless an expiry is sent too. */
export async function updateAdminLicense(ctx: Units, id: number, changes: LicenseUpdate): Promise<LicenseDetail> {
  if (changes.status === 'revoked') {
    const others = { ...changes, status: undefined };
    if (Object.values(others).some((value) => value !== undefined)) await applyUpdate(ctx, id, others);
    await revokeLicense(ctx, id);
    return getAdminLicense(ctx.db, id);
  }
  await applyUpdate(ctx, id, changes);
  return getAdminLicense(ctx.db, id);
}

async function applyUpdate(ctx: Units, id: number, changes: LicenseUpdate): Promise<void> {
  await unitOfWork(ctx, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, id);
    if (!license) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    const at = nowIso();
    const values: Parameters<typeof updateLicense>[2] = { updated_at: at };
    if (changes.plan !== undefined) {
      values.plan = changes.plan;
      if (changes.expires_at === undefined) values.expires_at = expiryForPlan(changes.plan, license.created_at);
    }
    if (changes.expires_at !== undefined) values.expires_at = changes.expires_at === null ? null : new Date(changes.expires_at).toISOString();
    if (changes.max_activations !== undefined) {
      const used = await countCountedActivations(trx, id);
      if (changes.max_activations < used) {
        throw new AppError('CONFLICT', `This license is active on ${used} sites; deactivate sites before lowering max activations below ${used}`);
      }
      values.max_activations = changes.max_activations;
    }
    if (changes.channel !== undefined) values.channel = changes.channel;
    if (changes.status !== undefined) {
      values.status = changes.status;
      // Reactivating an expired licence without a new expiry would read as expired again; clear a past expiry.
      if (changes.status === 'active' && values.expires_at === undefined && license.expires_at && new Date(license.expires_at) <= new Date()) {
        values.expires_at = expiryForPlan((values.plan ?? license.plan) as Parameters<typeof expiryForPlan>[0], at);
      }
    }
    await updateLicense(trx, id, values);
    await recordActivity(trx, 'license_updated', { license_key: license.key, changes }, at);
    await emit('license.updated', licenseEventData({ ...license, ...values }), at);
  });
}

/** Frees one site's seat; `by` names who did it in the activity entry (the admin, or the customer's account page). */
export async function deactivateAdminSite(ctx: Units, id: number, activationId: number, by: 'admin' | 'customer' = 'admin'): Promise<LicenseDetail> {
  await unitOfWork(ctx, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, id);
    if (!license) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    const activation = (await listActivations(trx, id)).find((row) => row.id === activationId);
    if (!activation) throw new AppError('NOT_FOUND', `Site activation ${activationId} was not found on license ${id}`);
    await deleteActivation(trx, activationId);
    await recordActivity(trx, 'license_deactivated', { license_key: license.key, site_url: activation.site_url, by });
    await emit('license.deactivated', activationEventData(license, activation, by));
  });
  return getAdminLicense(ctx.db, id);
}
