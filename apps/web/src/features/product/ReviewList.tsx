import { MSG, type Review } from '@souq/shared';
import { formatGulfDate } from '../../components/dates';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { Stars } from '../../components/Stars';
import { useReviews } from './api';
import { Avatar } from '../../components/Avatar';

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="review" data-testid="review">
      <Avatar className="review__avatar" src={review.user.profilePic} size={36} lazy />
      <div className="review__body">
        <div className="review__head">
          <strong className="review__user">{review.user.username}</strong>
          <time className="muted review__date" dateTime={review.createdAt}>
            {formatGulfDate(review.createdAt)}
          </time>
        </div>
        <Stars value={review.rating} size={15} />
        <p className="review__text">{review.text}</p>
      </div>
    </li>
  );
}

/** Newest first, with 'Load more' while the server has another page; fetched once `wanted`. */
export function ReviewList({ productId, wanted }: { productId: string; wanted: boolean }) {
  const reviews = useReviews(productId, wanted);
  if (reviews.isPending) return <Spinner label="Loading reviews…" />;
  if (reviews.isError) {
    return (
      <p className="notice notice--error" role="alert">
        Reviews could not be loaded. Use Refresh to try again.
      </p>
    );
  }
  const items = reviews.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyState title={MSG.noReviews} />;
  return (
    <>
      <ul className="review-list" data-testid="review-list">
        {items.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {reviews.hasNextPage && (
        <button type="button" className="btn btn--ghost btn--block" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
          {reviews.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
