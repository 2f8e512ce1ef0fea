import { useState } from 'react';
import { REVIEW_STATUSES, type ReviewStatus } from '@common/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { OptionSelect, toOptions } from '@/components/option-select';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useAdminReviews } from '../api/get-reviews';
import { useReviewPlugins } from '../api/get-plugins';
import { useModerateReview } from '../api/moderate-review';
import { PageHeader } from '@/components/page-header';

const ALL = 'all';
const STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', hidden: 'Hidden' };
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...toOptions(REVIEW_STATUSES, (value) => STATUS_LABEL[value])];
const statusVariant = (status: ReviewStatus) => (status === 'approved' ? 'default' : status === 'pending' ? 'secondary' : 'outline');

/**
 * Reviews (docs/storefront.md, "Reviews and numbers"): verified buyers' reviews, newest first, filtered by status and
 * plugin. Approve publishes one (its rating counts in the plugin's average); Hide takes it off the storefront.
 */
export function ReviewsPage() {
  usePageMeta('Reviews');
  const [status, setStatus] = useState<string>('pending');
  const [plugin, setPlugin] = useState<string>(ALL);
  const reviews = useAdminReviews({ status: status === ALL ? null : (status as ReviewStatus), plugin: plugin === ALL ? null : plugin });
  const plugins = useReviewPlugins();
  const moderate = useModerateReview();
  const pluginOptions = [{ value: ALL, label: 'All plugins' }, ...(plugins.data ?? []).map((each) => ({ value: each.slug, label: each.name }))];

  const act = (id: number, action: 'approve' | 'hide') =>
    moderate.mutate(
      { id, action },
      {
        onSuccess: (review) =>
          toast({ title: action === 'approve' ? 'Review approved' : 'Review hidden', description: `"${review.title}" on ${review.plugin_name}` }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update the review'), variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reviews"
        description={
          <>
            Reviews from buyers with a licence for the plugin. Approved reviews appear on the plugin&apos;s page and make its rating; an edited review waits
            here again.
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <OptionSelect ariaLabel="Filter by status" triggerClassName="sm:w-48" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        <OptionSelect ariaLabel="Filter by plugin" triggerClassName="sm:w-64" value={plugin} onChange={setPlugin} options={pluginOptions} />
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          {reviews.isPending && <RowsSkeleton />}
          {reviews.isError && <p className="text-destructive">{errorMessage(reviews.error, 'Failed to load the reviews. Please try again.')}</p>}
          {reviews.data?.length === 0 && <p className="text-muted-foreground">No reviews match these filters.</p>}
          {reviews.data && reviews.data.length > 0 && (
            <ul className="divide-y">
              {reviews.data.map((review) => (
                <li key={review.id} className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid="admin-review">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={statusVariant(review.status)}>{STATUS_LABEL[review.status]}</Badge>
                    <span className="text-amber-500" role="img" aria-label={`${review.rating} out of 5 stars`}>
                      {'★'.repeat(review.rating)}
                    </span>
                    <span className="font-medium">{review.title}</span>
                  </div>
                  <p className="whitespace-pre-line break-words text-sm">{review.body}</p>
                  <p className="break-all text-xs text-muted-foreground">
                    {review.plugin_name} · {review.email} · {formatDateTime(review.updated_at)}
                  </p>
                  <div className="flex gap-2">
                    {review.status !== 'approved' && (
                      <Button size="sm" onClick={() => act(review.id, 'approve')} disabled={moderate.isPending}>
                        Approve
                      </Button>
                    )}
                    {review.status !== 'hidden' && (
                      <Button size="sm" variant="outline" onClick={() => act(review.id, 'hide')} disabled={moderate.isPending}>
                        Hide
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
