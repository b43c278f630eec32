import { Link } from 'react-router';
import type { FeedItem } from '@souq/shared';
import { useT } from '../../i18n';
import { BidButton } from './FeedBid';
import type { CardAction } from './useCardFeedback';
import { CartIcon } from '../../components/CartIcon';

type Product = Extract<FeedItem, { kind: 'product' }>;

interface Props {
  item: FeedItem;
  /** The item's own page. */
  href: string;
  busy: CardAction | null;
  onAddToCart(): void;
  onBid(): void;
  onLike(): void;
  onHide(): void;
}

/** The card's actions: add to cart or bid, like (products), the item's page, and "Not interested". */
export function FeedActions({ item, href, busy, onAddToCart, onBid, onLike, onHide }: Props) {
  const { t } = useT();
  return (
    <div className="feed-card__actions">
      {item.kind === 'product' ? (
        <CartButton onAdd={onAddToCart} />
      ) : (
        <BidButton minimumBid={item.minimumBid} placing={busy === 'bid'} onBid={onBid} />
      )}
      {item.kind === 'product' && <LikeButton item={item} onLike={onLike} />}
      <Link to={href} className="btn btn--ghost feed-card__open" data-testid="feed-open">
        {t('feed.viewDetails')}
      </Link>
      <button
        type="button"
        className="btn btn--ghost feed-card__hide"
        onClick={onHide}
        data-testid="feed-not-interested"
      >
        {t('feed.notInterested')}
      </button>
    </div>
  );
}

function CartButton({ onAdd }: { onAdd(): void }) {
  const { t } = useT();
  return (
    <button type="button" className="btn btn--primary feed-card__main" onClick={onAdd} data-testid="feed-add-to-cart">
      <CartIcon className="icon" />
      {t('feed.addToCart')}
    </button>
  );
}

function LikeButton({ item, onLike }: { item: Product; onLike(): void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={`btn btn--ghost feed-card__icon like-button${item.likedByMe ? ' like-button--on' : ''}`}
      aria-pressed={item.likedByMe}
      aria-label={t('feed.likeAria', { count: item.product.likeCount, n: String(item.product.likeCount) })}
      onClick={onLike}
      data-testid="feed-like"
    >
      <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.7-9.3C.8 8.4 2.9 4.5 6.6 4.1c2.1-.2 3.9.9 5.4 2.8 1.5-1.9 3.3-3 5.4-2.8 3.7.4 5.8 4.3 4.3 7.6C19.5 16.4 12 21 12 21z" />
      </svg>
      <span data-testid="feed-like-count">{item.product.likeCount}</span>
    </button>
  );
}
