// The reviews module's door (issue 25; docs/storefront.md, "Reviews and numbers"): verified-buyer reviews, their
// moderation and the approved numbers. It owns the `reviews` table. Every other file in this folder is private to
// the module (eslint.config.js; docs/architecture.md).
export { approvedReviewStats, deleteReviewsOfAddress, moveReviewsToAddress, type ReviewStats } from './reviews.repository.js';
export { listAccountReviews, writeReview } from './reviews.service.js';

import type { AppModule } from '../../kernel/module.js';
import { registerReviewRoutes } from './reviews.routes.js';

/** What the composition root installs (server/services.ts). */
export const reviewsModule: AppModule = { name: 'reviews', routes: registerReviewRoutes };
