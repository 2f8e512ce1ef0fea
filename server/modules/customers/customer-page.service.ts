// One customer's page (issue 27 part 2, docs/customers.md): orders, licences with their sites, every e-mail sent to
// them (sign-in and download tokens masked by the outbox), the activity log entries naming them, and the note.
import { unitOfWork } from '../../kernel/events.js';
import type { CustomerDetail, CustomerUpdate } from '../../../common/customers.js';
import type { LicenseStatus, Plan } from '../../../common/licenses.js';
import type { OrderStatus } from '../../../common/orders.js';
import type { AppContext } from '../../kernel/context.js';
import { toBool } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { listActivitiesMentioning, recordActivity } from '../activities/index.js';
import { listMessagesToAddress } from '../email/index.js';
import { effectiveStatus, listActivationsOfLicenses } from '../licenses/index.js';
import { findPriceById } from '../prices/index.js';
import { listLicensesOfCustomer, listOrdersOfCustomer } from './customer-detail.repository.js';
import { findCustomerById, lockCustomerById, updateCustomer, type CustomerRow } from './customer-summary.repository.js';
import { toCustomerSummary } from './customers.service.js';

const TIMELINE_LIMIT = 200;

export async function requireCustomer(ctx: AppContext, id: number): Promise<CustomerRow> {
  const row = await findCustomerById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `Customer ${id} was not found`);
  return row;
}

export async function getCustomerDetail(ctx: AppContext, id: number): Promise<CustomerDetail> {
  const customer = await requireCustomer(ctx, id);
  const [orders, licenses, emails] = await Promise.all([
    listOrdersOfCustomer(ctx.db, customer.email),
    listLicensesOfCustomer(ctx.db, customer.email),
    listMessagesToAddress(ctx, customer.email),
  ]);
  const sites = await listActivationsOfLicenses(
    ctx.db,
    licenses.map((license) => license.id),
  );
  // The tier each licence was sold from (issue 26), by name; few distinct tiers per customer.
  const tierIds = [...new Set(licenses.flatMap((license) => (license.price_id === null ? [] : [license.price_id])))];
  const tierNames = new Map(
    (await Promise.all(tierIds.map((tierId) => findPriceById(ctx.db, tierId)))).flatMap((tier) => (tier ? [[tier.id, tier.name]] : [])),
  );
  const timeline = await listActivitiesMentioning(ctx.db, [customer.email, ...licenses.map((license) => license.key)], TIMELINE_LIMIT);
  const now = new Date();
  return {
    ...toCustomerSummary(customer),
    note: customer.note,
    orders: orders.map((order) => ({
      id: order.id,
      plugin_slug: order.plugin_slug,
      amount: order.amount,
      currency: order.currency,
      status: order.status as OrderStatus,
      provider: order.provider,
      license_key: order.license_key ?? null,
      created_at: order.created_at,
      paid_at: order.paid_at,
    })),
    licenses: licenses.map((license) => ({
      id: license.id,
      key: license.key,
      plugin_slug: license.plugin_slug,
      plan: license.plan as Plan,
      tier: license.price_id === null ? null : (tierNames.get(license.price_id) ?? null),
      status: effectiveStatus(license, now) as LicenseStatus,
      max_activations: license.max_activations,
      expires_at: license.expires_at,
      order_id: license.order_id,
      created_at: license.created_at,
      sites: sites
        .filter((site) => site.license_id === license.id)
        .map((site) => ({
          id: site.id,
          site_url: site.site_url,
          is_local: toBool(site.is_local),
          created_at: site.created_at,
          last_checked_at: site.last_checked_at,
        })),
    })),
    emails: emails.map((email) => ({
      id: email.id,
      kind: email.kind,
      subject: email.subject,
      status: email.status,
      text: email.text,
      created_at: email.created_at,
      sent_at: email.sent_at,
    })),
    timeline: timeline.map((entry) => ({ id: entry.id, action_type: entry.action_type, details: entry.details, created_at: entry.created_at })),
  };
}

/** Sets the name and/or the private note, with a `customer_updated` entry (the note's text is not logged). */
export async function updateCustomerDetails(ctx: AppContext, id: number, changes: CustomerUpdate): Promise<CustomerDetail> {
  await unitOfWork(ctx, async ({ trx }) => {
    const customer = await lockCustomerById(trx, id);
    if (!customer) throw new AppError('NOT_FOUND', `Customer ${id} was not found`);
    const at = nowIso();
    const name = changes.name === undefined ? undefined : changes.name === null || changes.name === '' ? null : changes.name;
    await updateCustomer(trx, id, { ...(name !== undefined ? { name } : {}), ...(changes.note !== undefined ? { note: changes.note } : {}), updated_at: at });
    await recordActivity(trx, 'customer_updated', { email: customer.email, changed: Object.keys(changes).sort() }, at);
  });
  return getCustomerDetail(ctx, id);
}
