import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useFlash } from '../../components/useFlash';
import { Link } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import { MSG, type ProductDetail, type Review } from '@souq/shared';
import { ApiError } from '../../api/client';
import { productKeys } from '../../api/keys';
import { useRefreshReviews, useSubmitReview } from './api';
import { ReviewList } from './ReviewList';
import { Skeleton } from '../../components/Skeleton';
import { useNearViewport } from '../../components/useNearViewport';
import { useT } from '../../i18n';

/** Only signed-in readers get the form: its rules (and zod) load when one does. */
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

/** The review success message shows for 3 seconds. */
const REVIEW_SUCCESS_MS = 3000;

export type Viewer = 'anonymous' | 'unverified' | 'verified';

interface Props {
  product: ProductDetail;
  viewer: Viewer;
  /** The verified-email gate, passed in by the page. */
  canSubmit: () => boolean;
  /** What the page offers on each review (Report, for signed-in readers). */
  reviewActions?: (review: Review) => ReactNode;
}

export function ReviewsSection({ product, viewer, canSubmit, reviewActions }: Props) {
  const submit = useSubmitReview(product.id);
  const answerGate = useGateErrorHandler();
  const refresh = useRefreshReviews(product.id);
  const refreshing = useIsFetching({ queryKey: productKeys.reviews(product.id) }) > 0;
  const [succeeded, flashSucceeded] = useFlash(REVIEW_SUCCESS_MS);
  // The server's words, put in the page's language when shown.
  const [failure, setFailure] = useState<string | null>(null);
  const { t, m } = useT();
  // Below the fold on a phone: the list is fetched when the reader nears it, not while the page starts.
  const [sectionRef, near] = useNearViewport<HTMLElement>();

  function send(input: { text: string; rating: number }) {
    setFailure(null);
    submit.mutate(input, {
      onSuccess: () => flashSucceeded(),
      onError: (error) => {
        answerGate(error);
        setFailure(error instanceof ApiError ? error.message : String(error));
      },
    });
  }

  let form;
  if (product.reviewedByMe) {
    form = (
      <p className="notice notice--ok review-thanks" data-testid="review-thanks">
        {m(MSG.reviewThanks)}
      </p>
    );
  } else if (product.isOwner) {
    form = <p className="muted">{m(MSG.cannotReviewOwn)}</p>;
  } else if (viewer === 'anonymous') {
    form = (
      <div className="review-login">
        <p>{m(MSG.reviewLoginRequired)}</p>
        <Link to="/login" className="btn btn--primary">
          {t('product.reviews.login')}
        </Link>
      </div>
    );
  } else {
    form = (
      <Suspense fallback={<Skeleton height={260} />}>
        <ReviewForm
          pending={submit.isPending}
          canSubmit={canSubmit}
          onSubmit={send}
          note={viewer === 'unverified' ? MSG.reviewVerifyRequired : undefined}
        />
      </Suspense>
    );
  }

  return (
    <section ref={sectionRef} className="card reviews" aria-labelledby="reviews-title">
      <header className="reviews__head">
        <h2 id="reviews-title">
          {t('product.reviews.title')} <span className="muted reviews__count">({product.reviewCount})</span>
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={refreshing}
          onClick={() => void refresh()}
          data-testid="reviews-refresh"
        >
          <svg viewBox="0 0 24 24" className={`icon${refreshing ? ' icon--spin' : ''}`} aria-hidden="true">
            <path fill="currentColor" d="M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z" />
          </svg>
          {t('product.reviews.refresh')}
        </button>
      </header>
      <div className="reviews__layout">
        <div className="reviews__write">
          {succeeded && (
            <p className="notice notice--ok" role="status" data-testid="review-success">
              {m(MSG.reviewSubmitted)}
            </p>
          )}
          {failure && (
            <p className="form-error" role="alert" data-testid="review-error">
              {`${m(MSG.reviewFailed)} ${m(failure)}`}
            </p>
          )}
          {form}
        </div>
        <div className="reviews__list">
          <ReviewList
            productId={product.id}
            wanted={near}
            count={product.reviewCount}
            invite={!product.isOwner}
            actions={reviewActions}
          />
        </div>
      </div>
    </section>
  );
}
