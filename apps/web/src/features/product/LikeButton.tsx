import type { ProductDetail } from '@souq/shared';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useT } from '../../i18n';
import { useLike } from './api';

interface Props {
  product: ProductDetail;
  /** The login gate, passed in by the page (features stay independent). False: do nothing. */
  requireLogin: () => boolean;
}

/** 'Like' toggles on and off, with the count; a failed like is only logged, not shown. */
export function LikeButton({ product, requireLogin }: Props) {
  const like = useLike(product.id);
  const answerGate = useGateErrorHandler();
  const { t } = useT();
  const liked = product.likedByMe;

  function toggle() {
    if (like.isPending || !requireLogin()) return;
    like.mutate(!liked, {
      onError: (error) => {
        if (!answerGate(error)) console.warn('like failed:', error);
      },
    });
  }

  return (
    <button
      type="button"
      className={`btn btn--ghost like-button${liked ? ' like-button--on' : ''}`}
      aria-pressed={liked}
      aria-busy={like.isPending || undefined}
      onClick={toggle}
      data-testid="like-button"
    >
      <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.7-9.3C.8 8.4 2.9 4.5 6.6 4.1c2.1-.2 3.9.9 5.4 2.8 1.5-1.9 3.3-3 5.4-2.8 3.7.4 5.8 4.3 4.3 7.6C19.5 16.4 12 21 12 21z" />
      </svg>
      <span>{t('product.like')}</span>
      <span
        className="like-button__count"
        data-testid="like-count"
        aria-label={t('product.likeCount', { count: product.likeCount })}
      >
        {product.likeCount}
      </span>
    </button>
  );
}
