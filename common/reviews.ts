import { z } from 'zod';
import { idParamsSchema } from './ids.js';

// Verified-buyer reviews (issue 25, docs/storefront.md "Reviews and numbers"): a customer with a licence for a
// plugin rates it 1 to 5 and writes a review from their account; the vendor approves or hides it in the admin;
// the storefront shows the approved reviews, their average and their count.

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Length limits of a review's texts, in characters (after trimming). */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 5000;
/** Review writes (create and edit) one IP may make per minute (429 with Retry-After beyond it). */
export const REVIEW_WRITES_PER_IP_PER_MINUTE = 10;
/** Approved reviews the plugin page lists (newest first). */
export const PUBLIC_REVIEWS_LIMIT = 50;

/** The 403 answer when the signed-in address owns no licence of the plugin (revoked ones do not count). */
export const REVIEW_NO_LICENSE_MESSAGE = 'Only buyers can review a plugin: this address has no licence for it. Sign in with the address you bought it with.';

/**
 * The body of POST and PUT /api/account/reviews. Types only: the limits (rating 1-5, text lengths) are checked by
 * the reviews module, which answers 422 naming the limit, so a person sees what to change.
 */
export const reviewInputSchema = z.object({
  plugin_slug: z.string().min(1).max(200),
  rating: z.number(),
  title: z.string().max(100_000),
  body: z.string().max(100_000),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A customer's own review, as their account page shows it. */
export const accountReviewSchema = z.object({
  id: z.number().int(),
  plugin_slug: z.string(),
  plugin_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountReview = z.infer<typeof accountReviewSchema>;

/** GET /api/account/reviews: the customer's reviews, and the plugins they may review (a licence, not revoked). */
export const accountReviewsSchema = z.object({
  reviews: z.array(accountReviewSchema),
  reviewable: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AccountReviews = z.infer<typeof accountReviewsSchema>;

/** An approved review as the plugin page lists it: the author is the masked address (`j…@example.com`), never the address. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const publicReviewListSchema = z.array(publicReviewSchema);
export const publicReviewParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/** The admin's Reviews page. */
export const adminReviewSchema = accountReviewSchema.extend({ email: z.string() });
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListSchema = z.array(adminReviewSchema);
export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  plugin: z.string().min(1).max(200).optional(),
});
export const adminReviewParamsSchema = idParamsSchema;

/** One decimal, as cards and the plugin page show an average (4.75 → 4.8). */
export const roundRating = (average: number): number => Math.round(average * 10) / 10;

/** "1 download", "1,234 downloads": the label of a real count ('' for none, which hides it). */
export function downloadsLabel(count: number): string {
  if (count <= 0) return '';
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${count === 1 ? 'download' : 'downloads'}`;
}
