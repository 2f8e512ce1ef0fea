import { useState, type FormEvent } from 'react';
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type AccountReview, type ReviewStatus } from '@common/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useSaveReview } from '../api/reviews';

const STATUS_TEXT: Record<ReviewStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  hidden: 'Not published',
};

function ReviewForm({ slug, name, review, onDone }: { slug: string; name: string; review?: AccountReview; onDone: () => void }) {
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const save = useSaveReview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { input: { plugin_slug: slug, rating, title, body }, isEdit: Boolean(review) },
      {
        onSuccess: () => {
          toast({ title: 'Thank you', description: 'Your review will appear once it has been approved.' });
          onDone();
        },
      },
    );
  };
  const id = `review-${slug}`;
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Review of ${name}`}>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="inline-flex items-center gap-1 text-sm">
              <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} />
              {value} {value === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={title} maxLength={REVIEW_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-body`}>Your review</Label>
        <Textarea id={`${id}-body`} value={body} rows={5} maxLength={REVIEW_BODY_MAX} onChange={(event) => setBody(event.target.value)} />
      </div>
      {save.isError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(save.error, 'Failed to save your review. Please try again.')}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {review ? 'Save review' : 'Submit review'}
        </Button>
        {review && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** One plugin the customer may review: their review (with its state) and an edit button, or the form. */
export function AccountReviewCard({ slug, name, review }: { slug: string; name: string; review?: AccountReview }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="space-y-3 rounded-xl border p-4" data-testid="account-review" data-slug={slug}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        {review && <Badge variant={review.status === 'approved' ? 'default' : 'secondary'}>{STATUS_TEXT[review.status]}</Badge>}
      </div>
      {review && !editing ? (
        <div className="space-y-2">
          <p className="text-sm">
            <span className="text-amber-500" aria-label={`${review.rating} out of 5 stars`} role="img">
              {'★'.repeat(review.rating)}
            </span>{' '}
            <span className="font-medium">{review.title}</span>
          </p>
          <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{review.body}</p>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit review
          </Button>
          <p className="text-xs text-muted-foreground">An edited review waits for approval again.</p>
        </div>
      ) : (
        <ReviewForm slug={slug} name={name} review={review} onDone={() => setEditing(false)} />
      )}
    </div>
  );
}
