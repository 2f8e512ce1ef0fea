import type { PublicPlugin } from '@common/catalog';
import { formatDate } from '@/lib/dates';
import { usePluginReviews } from '../api/get-plugin-reviews';
import { Rating } from './rating';

/** "★★★★☆" read out as "4 out of 5 stars". */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-400" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="text-muted-foreground/40">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * The approved verified-buyer reviews (docs/storefront.md, "Reviews and numbers"), hidden while there are none.
 * Texts are plain text (React escapes them); line breaks are kept.
 */
export function PluginReviews({ plugin }: { plugin: PublicPlugin }) {
  const { data: reviews } = usePluginReviews(plugin.slug);
  if (!reviews || reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4" data-testid="plugin-reviews">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="reviews-heading" className="text-2xl font-semibold">
          Reviews
        </h2>
        {plugin.verified_rating && <Rating rating={plugin.rating} reviewCount={plugin.review_count} />}
        <span className="text-sm text-muted-foreground">From verified buyers</span>
      </div>
      <ul className="space-y-4">
        {reviews.map((review) => (
          <li key={review.id} className="space-y-1 rounded-lg border p-4" data-testid="plugin-review">
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={review.rating} />
              <h3 className="font-medium">{review.title}</h3>
            </div>
            <p className="whitespace-pre-line break-words text-sm">{review.body}</p>
            <p className="text-xs text-muted-foreground">
              {review.author} · {formatDate(review.created_at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
