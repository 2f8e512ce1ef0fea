// The Customers page's actions (issue 27 part 3, docs/customers.md). Each runs in ONE transaction with its activity
// entry, its e-mails (outbox rows) and its webhook event; e-mails and webhooks leave after the commit (server/kernel/events.ts).
import type { Transaction } from 'kysely';
import type { CustomerActionResult, CustomerExport } from '../../../common/customers.js';
import type { AppContext } from '../../kernel/context.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { formerAddressesOf, recordActivity, replaceInActivities } from '../activities/index.js';
import { eraseRedemptionAddress, releaseCouponReservations } from '../coupons/index.js';
import { scrubAddressInDeliveries } from '../outgoing-webhooks/index.js';
import { ABANDONED_ORDER_AFTER_MS } from '../../../common/orders.js';
import { withErasedStorage } from './erase-storage.js';
import { deliverSignInEmail, queueSignInEmailIn } from '../account/index.js';
import { forgetCustomerAddress } from '../account/index.js';
import { deleteReviewsOfAddress, moveReviewsToAddress } from '../reviews/index.js';
import { eraseEmailsToAddress, queueEmail } from '../email/index.js';
import { unitOfWork, type Unit } from '../../kernel/events.js';
import { revokeLicense } from '../licenses/index.js';
import { redactAuditMentions } from '../audit/index.js';
import { lockLicenseOfCustomer, moveLicensesOfAddress, transferLicense } from '../licenses/index.js';
import { cancelPendingOrders, eraseOrderAddress, hasPendingOrder, reassignOrders } from '../orders/index.js';
import { listLicensesOfCustomer } from './customer-detail.repository.js';
import { getCustomerDetail } from './customer-page.service.js';
import { refreshCustomerSummaries } from './customer-summary.service.js';
import { deleteCustomer, findCustomerByEmail, lockCustomerById, moveCustomer, updateCustomer, type CustomerRow } from './customer-summary.repository.js';
import { CUSTOMER_NOTICE_KIND, renderCustomerNotice } from './customer-notice.js';
import { emailBrand } from '../storefront/index.js';

type Trx = Transaction<DB>;

async function lockCustomer(trx: Trx, id: number): Promise<CustomerRow> {
  const customer = await lockCustomerById(trx, id);
  if (!customer) throw new AppError('NOT_FOUND', `Customer ${id} was not found`);
  return customer;
}

async function queueNotice(ctx: AppContext, unit: Unit, to: string, subject: string, lines: string[], at: string): Promise<number> {
  return queueEmail(unit, { to_address: to, kind: CUSTOMER_NOTICE_KIND, content: renderCustomerNotice(subject, lines, emailBrand(ctx.settings)), at });
}

/** Sends the account's sign-in e-mail (server/modules/account/sign-in.service.ts) to the customer. */
export async function sendCustomerSignInLink(ctx: AppContext, id: number): Promise<CustomerActionResult> {
  const { emailId, email } = await unitOfWork(ctx, async ({ trx }) => {
    const customer = await lockCustomer(trx, id);
    const queued = await queueSignInEmailIn(ctx, trx, customer.email);
    await recordActivity(trx, 'customer_sign_in_link_sent', { email: customer.email, by: 'admin' });
    return { emailId: queued, email: customer.email };
  });
  deliverSignInEmail(ctx, emailId);
  return { message: `A sign-in link is on its way to ${email}.`, customer_id: id };
}

/**
 * Moves the customer to another address: orders and licences follow, name and note too; both addresses are told.
 * An address already used by another customer is a 409 offering the merge (`details.merge_with`); `merge` does it.
 */
export async function changeCustomerEmail(ctx: AppContext, id: number, newEmail: string, options: { merge: boolean }): Promise<CustomerActionResult> {
  const target = newEmail.trim().toLowerCase();
  const at = nowIso();
  const resultId = await unitOfWork(ctx, async (unit) => {
    const { trx, emit } = unit;
    const customer = await lockCustomer(trx, id);
    if (target === customer.email) throw new AppError('BAD_REQUEST', `The customer's e-mail is already ${target}`);
    const other = await findCustomerByEmail(trx, target);
    if (other && !options.merge) {
      throw new AppError('CONFLICT', `${target} is already the e-mail of another customer; merge the two customers instead`, { merge_with: other.id });
    }
    if (!other && options.merge) throw new AppError('NOT_FOUND', `No customer has the e-mail ${target}; change the e-mail instead`);
    await reassignOrders(trx, customer.email, target, at);
    await moveLicensesOfAddress(unit, customer.email, target, at);
    await moveReviewsToAddress(trx, customer.email, target, at);
    await forgetCustomerAddress(trx, customer.email);
    if (other) {
      const note = [other.note, customer.note].filter((text) => text.trim() !== '').join('\n\n');
      await updateCustomer(trx, other.id, { note, ...(other.name === null && customer.name !== null ? { name: customer.name } : {}), updated_at: at });
      await deleteCustomer(trx, customer.id);
    } else {
      await moveCustomer(trx, customer.id, target, at);
    }
    await refreshCustomerSummaries(trx, [customer.email, target], at);
    const kept = other?.id ?? customer.id;
    const action = other ? 'merged' : 'email_changed';
    await recordActivity(trx, other ? 'customer_merged' : 'customer_email_changed', { from: customer.email, to: target, customer_id: kept }, at);
    await emit('customer.updated', { action, customer_id: kept, email: target, previous_email: customer.email }, at);
    const lines = [
      `The e-mail address of your account has changed from ${customer.email} to ${target}.`,
      'Your licences and orders are now under the new address.',
    ];
    await queueNotice(ctx, unit, customer.email, 'Your account e-mail has changed', lines, at);
    await queueNotice(ctx, unit, target, 'Your account e-mail has changed', lines, at);
    return kept;
  });
  return { message: options.merge ? `Merged into ${target}.` : `The customer's e-mail is now ${target}.`, customer_id: resultId };
}

/** Gives one licence to another address (the key stays); the old owner loses it from their account; both are told. */
export async function transferCustomerLicense(ctx: AppContext, id: number, licenseId: number, newEmail: string): Promise<CustomerActionResult> {
  const target = newEmail.trim().toLowerCase();
  const at = nowIso();
  const targetId = await unitOfWork(ctx, async (unit) => {
    const { trx } = unit;
    const customer = await lockCustomer(trx, id);
    const license = await transferLicense(unit, { licenseId, from: customer.email, to: target, at });
    await refreshCustomerSummaries(trx, [customer.email, target], at);
    await recordActivity(trx, 'license_transferred', { license_key: license.key, from: customer.email, to: target }, at);
    await queueNotice(
      ctx,
      unit,
      customer.email,
      'A licence was transferred',
      [`The licence ${license.key} (${license.plugin_slug}) has been transferred to ${target}.`, 'It no longer appears in your account.'],
      at,
    );
    await queueNotice(
      ctx,
      unit,
      target,
      'A licence was transferred to you',
      [`The licence ${license.key} (${license.plugin_slug}) is now yours.`, 'Sign in to your account with this address to see it.'],
      at,
    );
    return (await findCustomerByEmail(trx, target))?.id ?? null;
  });
  return { message: `The licence now belongs to ${target}.`, customer_id: targetId };
}

/** Sends the licence e-mail of one of the customer's licences again, to the customer (it needs the order it was bought with). */
export async function resendCustomerLicenseEmail(ctx: AppContext, id: number, licenseId: number): Promise<CustomerActionResult> {
  await unitOfWork(ctx, async (unit) => {
    const { trx } = unit;
    const customer = await lockCustomer(trx, id);
    const license = await lockLicenseOfCustomer(unit, licenseId, customer.email);
    if (license.order_id === null)
      throw new AppError('CONFLICT', `License ${license.key} was made by hand, without an order, so it has no licence e-mail; send a sign-in link instead`);
    // A revoked licence (its order refunded, or revoked by the admin) is not sent out again with a download link.
    if (license.status === 'revoked') throw new AppError('CONFLICT', `License ${license.key} is revoked, so its licence e-mail is not sent again`);
    await queueEmail(unit, { to_address: customer.email, kind: 'licence', order_id: license.order_id });
    await recordActivity(trx, 'license_email_resent', { license_key: license.key, email: customer.email });
  });
  return { message: `The licence e-mail is on its way to the customer.`, customer_id: id };
}

/** Everything held about the customer, as JSON. */
export async function exportCustomer(ctx: AppContext, id: number): Promise<CustomerExport> {
  return { exported_at: nowIso(), customer: await getCustomerDetail(ctx, id) };
}

/**
 * Erases a customer (docs/customers.md, "Erase"), in one unit of work: the current address and every former one
 * (e-mail changes and merges that led to it) leave every table and every queued or logged payload. Orders keep
 * amount, currency, plugin and dates under an anonymous address; licences are revoked or kept (without an owner),
 * as the admin chooses; e-mails to them are emptied and never sent; other e-mails, activity entries, webhook
 * deliveries and coupon redemptions naming them get the anonymous address; reviews, sessions and sign-in links go;
 * the customer row goes. The events it causes carry no personal data. Refused while a payment is in progress (a
 * pending order younger than the abandon cut-off); older pending orders are cancelled. On SQLite the WAL is then
 * checkpointed, so the old rows do not linger in it.
 */
export async function eraseCustomer(ctx: AppContext, id: number, licenses: 'revoke' | 'keep'): Promise<CustomerActionResult> {
  const at = nowIso();
  const cancelled = await withErasedStorage(ctx, () => eraseInUnit(ctx, id, licenses, at));
  for (const order of cancelled) await ctx.payments.named(order.provider)?.cancelIntent(order.provider_ref);
  return { message: 'The customer was erased.', customer_id: null };
}

async function eraseInUnit(ctx: AppContext, id: number, licenses: 'revoke' | 'keep', at: string) {
  const since = new Date(Date.parse(at) - ABANDONED_ORDER_AFTER_MS).toISOString();
  return unitOfWork(ctx, async (unit) => {
    const { trx } = unit;
    const customer = await lockCustomer(trx, id);
    if (await hasPendingOrder(trx, customer.email, since)) {
      throw new AppError(
        'CONFLICT',
        `${customer.email} has a payment in progress; erase the customer once it is paid, or cancel the pending order on the Orders page first`,
      );
    }
    const anonymous = `erased-customer-${customer.id}@invalid`;
    const addresses = [customer.email, ...(await formerAddressesOf(trx, customer.email))];
    const owned = (await Promise.all(addresses.map((address) => listLicensesOfCustomer(trx, address)))).flat();
    const dropped = [];
    for (const address of addresses) {
      // The owner goes first, so `license.revoked` below names nobody.
      await moveLicensesOfAddress(unit, address, null, at);
      dropped.push(...(await cancelPendingOrders(trx, { email: address }, at)));
      await eraseOrderAddress(trx, address, anonymous, at);
      await eraseRedemptionAddress(trx, address, anonymous);
      await eraseEmailsToAddress(trx, address, anonymous, at);
      await replaceInActivities(trx, address, anonymous);
      await scrubAddressInDeliveries(trx, address, anonymous);
      await redactAuditMentions(trx, address, anonymous, at);
      await deleteReviewsOfAddress(trx, address);
      await forgetCustomerAddress(trx, address);
    }
    // The audit log's entries also named the buyer (a name changed on their page, say): that goes too.
    if (customer.name && customer.name.trim().length >= 3) await redactAuditMentions(trx, customer.name.trim(), 'erased customer', at);
    await releaseCouponReservations(
      trx,
      dropped.map((order) => order.id),
    );
    if (licenses === 'revoke') for (const license of owned) await revokeLicense(unit, license.id);
    await deleteCustomer(trx, customer.id);
    await recordActivity(trx, 'customer_erased', { customer_id: customer.id, licenses, orders_cancelled: dropped.length }, at);
    await unit.emit('customer.updated', { action: 'erased', customer_id: customer.id, email: null, previous_email: null }, at);
    return dropped;
  });
}
