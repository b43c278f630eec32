import type { ReactNode } from 'react';
import { MSG, type Review } from '@souq/shared';
import { formatGulfDate } from '../../components/dates';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { Stars } from '../../components/Stars';
import { useReviews } from './api';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { PersonName } from '../../components/PersonName';

function ReviewItem({ review, actions }: { review: Review; actions?: ReactNode }) {
  const { m, locale } = useT();
  return (
    <li className="review" data-testid="review">
      <Avatar className="review__avatar" src={review.user.profilePic} size={36} lazy />
      <div className="review__body">
        <div className="review__head">
          <strong className="review__user">
            <PersonName username={review.user.username} />
          </strong>
          <time className="muted review__date" dateTime={review.createdAt}>
            {m(formatGulfDate(review.createdAt, locale))}
          </time>
        </div>
        <Stars value={review.rating} size={15} />
        <p className="review__text">{review.text}</p>
      </div>
      {actions}
    </li>
  );
}

/** Placeholders shaped like the reviews on their way (as many as will come, up to three). */
function ReviewSkeletons({ count }: { count: number }) {
  const { t } = useT();
  return (
    <div className="review-list" role="status" aria-label={t('product.reviews.loading')} data-testid="review-skeletons">
      {Array.from({ length: Math.min(Math.max(count, 1), 3) }, (_, i) => (
        <div key={i} className="review" aria-hidden="true">
          <Skeleton className="review__avatar" style={{ borderRadius: '50%' }} />
          <div className="review__body">
            <Skeleton width="35%" height={16} />
            <Skeleton width={78} height={15} />
            <Skeleton width="90%" height={16} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Newest first, with 'Load more' while the server has another page; fetched once `wanted`. `invite`: the viewer may write the first one. */
export function ReviewList({
  productId,
  wanted,
  count,
  invite,
  actions,
}: {
  productId: string;
  wanted: boolean;
  count: number;
  invite: boolean;
  actions?: (review: Review) => ReactNode;
}) {
  const reviews = useReviews(productId, wanted);
  const { t, m } = useT();
  if (reviews.isPending) return <ReviewSkeletons count={count} />;
  if (reviews.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {t('product.reviews.loadFailed')}
      </p>
    );
  }
  const items = reviews.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyState title={m(invite ? MSG.noReviews : MSG.noReviewsYet)} />;
  return (
    <>
      <ul className="review-list" data-testid="review-list">
        {items.map((review) => (
          <ReviewItem key={review.id} review={review} actions={actions?.(review)} />
        ))}
      </ul>
      {reviews.hasNextPage && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? t('components.loading') : t('components.loadMore')}
        </button>
      )}
    </>
  );
}
