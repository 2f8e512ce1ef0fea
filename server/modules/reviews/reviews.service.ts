import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_NO_LICENSE_MESSAGE,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TITLE_MAX,
  PUBLIC_REVIEWS_LIMIT,
  type AccountReview,
  type AccountReviews,
  type AdminReview,
  type PublicReview,
  type ReviewInput,
  type ReviewStatus,
} from '../../../common/reviews.js';
import { unitOfWork } from '../../kernel/events.js';
import { isUniqueViolation } from '../../db/portable.js';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { maskEmailAddress } from '../../lib/redact.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { listLicensedPluginSlugs } from '../licenses/index.js';
import { findPluginBySlug, listPlugins } from '../plugins/index.js';
import {
  findReviewById,
  findReviewOf,
  insertReview,
  listApprovedReviews,
  listReviews,
  listReviewsByEmail,
  setReviewStatus,
  updateReviewText,
  type ReviewRow,
} from './reviews.repository.js';

// Verified-buyer reviews (docs/storefront.md, "Reviews and numbers").

/** The admin's list shows at most this many reviews per filter (newest first). */
const ADMIN_LIST_LIMIT = 500;

/** Line breaks kept, other control characters dropped, each end trimmed: reviews are plain text. */
const cleanText = (value: string): string =>
  value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .trim();

/** The limits of a review, each broken one answered 422 with what to change. */
export function checkReviewInput(input: ReviewInput): { rating: number; title: string; body: string } {
  const title = cleanText(input.title);
  const body = cleanText(input.body);
  if (!Number.isInteger(input.rating) || input.rating < REVIEW_RATING_MIN || input.rating > REVIEW_RATING_MAX) {
    throw new AppError('UNPROCESSABLE', `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars.`);
  }
  if (!title) throw new AppError('UNPROCESSABLE', 'Give your review a title.');
  if (title.length > REVIEW_TITLE_MAX)
    throw new AppError('UNPROCESSABLE', `The title is too long: at most ${REVIEW_TITLE_MAX} characters (it has ${title.length}).`);
  if (body.length < REVIEW_BODY_MIN) throw new AppError('UNPROCESSABLE', `Write at least ${REVIEW_BODY_MIN} characters in your review.`);
  if (body.length > REVIEW_BODY_MAX)
    throw new AppError('UNPROCESSABLE', `The review is too long: at most ${REVIEW_BODY_MAX} characters (it has ${body.length}).`);
  return { rating: input.rating, title, body };
}

const toAccountReview = (row: ReviewRow, names: Map<string, string>): AccountReview => ({
  id: row.id,
  plugin_slug: row.plugin_slug,
  plugin_name: names.get(row.plugin_slug) ?? row.plugin_slug,
  rating: row.rating,
  title: row.title,
  body: row.body,
  status: row.status as ReviewStatus,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

async function pluginNames(ctx: AppContext): Promise<Map<string, string>> {
  return new Map((await listPlugins(ctx.db)).map((plugin) => [plugin.slug, plugin.name]));
}

/** The customer's reviews and the plugins they may review. */
export async function listAccountReviews(ctx: AppContext, email: string): Promise<AccountReviews> {
  const address = email.toLowerCase();
  const [rows, slugs, names] = await Promise.all([listReviewsByEmail(ctx.db, address), listLicensedPluginSlugs(ctx.db, address), pluginNames(ctx)]);
  return {
    reviews: rows.map((row) => toAccountReview(row, names)),
    reviewable: slugs.filter((slug) => names.has(slug)).map((slug) => ({ slug, name: names.get(slug)! })),
  };
}

/**
 * Writes the customer's review of a plugin: `create` refuses a second one (409: edit it instead), `update` needs
 * one (404). Only an address holding a licence of the plugin that was not revoked may (403); the limits answer 422.
 * Either way the review waits for the vendor's approval.
 */
export async function writeReview(ctx: AppContext, email: string, input: ReviewInput, mode: 'create' | 'update'): Promise<AccountReview> {
  const address = email.toLowerCase();
  const plugin = await findPluginBySlug(ctx.db, input.plugin_slug);
  if (!plugin) throw new AppError('NOT_FOUND', `There is no plugin "${input.plugin_slug}" to review.`);
  const licensed = await listLicensedPluginSlugs(ctx.db, address);
  if (!licensed.includes(plugin.slug)) throw new AppError('FORBIDDEN', REVIEW_NO_LICENSE_MESSAGE);
  const values = checkReviewInput(input);
  const at = nowIso();
  const names = new Map([[plugin.slug, plugin.name]]);
  return unitOfWork(ctx, async ({ trx }) => {
    const existing = await findReviewOf(trx, plugin.slug, address);
    let row: ReviewRow | undefined;
    if (mode === 'create') {
      if (existing) throw new AppError('CONFLICT', 'You have already reviewed this plugin: edit your review instead.');
      try {
        row = await insertReview(trx, { plugin_slug: plugin.slug, email: address, ...values, status: 'pending', created_at: at, updated_at: at });
      } catch (error) {
        // Two submissions at once: the unique (plugin, address) pair keeps one.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You have already reviewed this plugin: edit your review instead.');
        throw error;
      }
    } else {
      if (!existing) throw new AppError('NOT_FOUND', 'You have not reviewed this plugin yet: write a review first.');
      row = await updateReviewText(trx, existing.id, { ...values, updated_at: at });
      if (!row) throw new AppError('NOT_FOUND', 'You have not reviewed this plugin yet: write a review first.');
    }
    await recordActivity(trx, mode === 'create' ? 'review_submitted' : 'review_edited', {
      review_id: row.id,
      plugin_slug: plugin.slug,
      rating: row.rating,
    });
    return toAccountReview(row, names);
  });
}

export async function listAdminReviews(ctx: AppContext, filter: { status?: ReviewStatus; plugin?: string }): Promise<AdminReview[]> {
  const [rows, names] = await Promise.all([listReviews(ctx.db, filter, ADMIN_LIST_LIMIT), pluginNames(ctx)]);
  return rows.map((row) => ({ ...toAccountReview(row, names), email: row.email }));
}

/** Approve or hide a review; the activity log records who was moderated and how. */
export async function moderateReview(ctx: AppContext, id: number, status: 'approved' | 'hidden'): Promise<AdminReview> {
  const names = await pluginNames(ctx);
  return unitOfWork(ctx, async ({ trx }) => {
    const existing = await findReviewById(trx, id);
    if (!existing) throw new AppError('NOT_FOUND', `Review ${id} does not exist.`);
    const row = await setReviewStatus(trx, id, status, nowIso());
    if (!row) throw new AppError('NOT_FOUND', `Review ${id} does not exist.`);
    await recordActivity(trx, status === 'approved' ? 'review_approved' : 'review_hidden', {
      review_id: id,
      plugin_slug: row.plugin_slug,
      rating: row.rating,
      previous_status: existing.status,
    });
    return { ...toAccountReview(row, names), email: row.email };
  });
}

/** The author as the storefront shows them: the masked address (`j…@example.com`), never the address itself. */
const authorOf = (email: string): string => maskEmailAddress(email);

/** The approved reviews of an active plugin, newest first; an unknown or inactive plugin → 404. */
export async function listPublicReviews(ctx: AppContext, slug: string): Promise<PublicReview[]> {
  const plugin = await findPluginBySlug(ctx.db, slug);
  if (!plugin || plugin.active !== 1) throw new AppError('NOT_FOUND', `There is no plugin "${slug}".`);
  const rows = await listApprovedReviews(ctx.db, slug, PUBLIC_REVIEWS_LIMIT);
  return rows.map((row) => ({ id: row.id, rating: row.rating, title: row.title, body: row.body, author: authorOf(row.email), created_at: row.created_at }));
}
