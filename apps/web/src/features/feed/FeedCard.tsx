import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  formatMoney,
  inReaderLanguage,
  MSG,
  productPath,
  type FeedItem,
  type ImageUrls,
  type Locale,
  type ProductSummary,
} from '@souq/shared';
import { ApiError } from '../../api/client';
import { bidProblemOf, isRetryable } from '../../api/bids';
import { Countdown } from '../../components/Countdown';
import { useGateErrorHandler } from '../../components/gate-errors';
import { LoginPrompt, LoginToBid } from '../../components/LoginPrompt';
import { Money } from '../../components/Money';
import { newIdempotencyKey, sellerOf, useBidMinimum, useFollowSeller, useLikeItem } from './api';
import { FeedPhotos } from './FeedPhotos';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { useCategoryName } from '../../components/category-names';

export type Viewer = 'anonymous' | 'unverified' | 'verified';

/** What the page lends the feed: who is looking, the verified-email gate, and the cart. */
export interface FeedGates {
  viewer: Viewer;
  /** Signed in: true when verified, else it opens the verification prompt. */
  requireVerified: () => boolean;
  addToCart: (product: ProductSummary, image: ImageUrls) => void;
}

type Action = 'like' | 'follow' | 'cart' | 'bid' | 'hide';
type Note = { tone: 'ok' | 'warn' | 'error'; text: string; cart?: boolean } | null;

interface Props {
  item: FeedItem;
  position: number;
  total: number;
  current: boolean;
  /** Near the current item: its photos are loaded (the next two are preloaded this way). */
  near: boolean;
  gates: FeedGates;
  onNotInterested: (item: FeedItem) => void;
}

/** A product's title in the reader's language when its seller gave one (issue 29); an auction's as it is. */
const titleOf = (item: FeedItem, locale: Locale) =>
  item.kind === 'product' ? inReaderLanguage(item.product.title, item.product.titleAr, locale) : item.auction.title;

/** One full-screen item: photos, what it is and costs, who sells it, and everything you can do with it, in place. */
export function FeedCard({ item, position, total, current, near, gates, onNotInterested }: Props) {
  const { t, m, locale } = useT();
  const categoryName = useCategoryName();
  const likeItem = useLikeItem();
  const followSeller = useFollowSeller();
  const bidMinimum = useBidMinimum();
  const answerGate = useGateErrorHandler();
  const [login, setLogin] = useState<Action | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  /** The last bid that got no clear answer: tapping again resends it with its key, so it bids once. */
  const unanswered = useRef<{ amount: number; key: string } | null>(null);
  const seller = sellerOf(item);
  const title = titleOf(item, locale);
  const href = item.kind === 'product' ? productPath(item.id) : `/auction/${item.id}`;
  const titleId = `feed-title-${item.kind}-${item.id}`;
  const fallback = item.kind === 'product' ? item.product.image : item.auction.image;
  const images = item.images.length > 0 ? item.images : [fallback];

  /** Signed out: the login prompt in place of the action (never an alert). Signed in: the verified gate where the server wants one. */
  function allowed(action: Action, verified: boolean): boolean {
    setNote(null);
    if (gates.viewer === 'anonymous') {
      setLogin(action);
      return false;
    }
    setLogin(null);
    return !verified || gates.requireVerified();
  }

  function failed(action: Action, error: unknown, fallbackText: string) {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') setLogin(action);
    else if (!answerGate(error, { signInHere: true }))
      setNote({ tone: 'error', text: error instanceof ApiError ? m(error.message) : fallbackText });
  }

  async function toggleLike() {
    if (item.kind !== 'product' || busy || !allowed('like', false)) return;
    setBusy('like');
    try {
      await likeItem.mutateAsync({
        id: item.id,
        like: !item.likedByMe,
        before: { likedByMe: item.likedByMe, likeCount: item.product.likeCount },
      });
    } catch (error) {
      failed('like', error, t('feed.likeError'));
    } finally {
      setBusy(null);
    }
  }

  async function toggleFollow() {
    if (busy || !allowed('follow', true)) return;
    const follow = !item.followingSeller;
    setBusy('follow');
    try {
      const result = await followSeller.mutateAsync({ sellerId: seller.id, follow });
      setNote({
        tone: 'ok',
        text: t(result.following ? 'feed.followed' : 'feed.unfollowed', { user: seller.username }),
      });
    } catch (error) {
      failed('follow', error, t('feed.followError'));
    } finally {
      setBusy(null);
    }
  }

  function addToCart() {
    if (item.kind !== 'product' || !allowed('cart', true)) return;
    gates.addToCart(item.product, images[0] ?? fallback);
    setNote({ tone: 'ok', text: m(MSG.addedToCart), cart: true });
  }

  async function bid() {
    if (item.kind !== 'auction' || busy || !allowed('bid', true)) return;
    const amount = item.minimumBid;
    const key = unanswered.current?.amount === amount ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { amount, key };
    const id = item.id;
    setBusy('bid');
    try {
      const result = await bidMinimum.mutateAsync({ id, amount, key });
      unanswered.current = null;
      setNote({ tone: result.leading ? 'ok' : 'warn', text: m(result.message) });
    } catch (error) {
      if (!isRetryable(error)) unanswered.current = null;
      const problem = bidProblemOf(error);
      if (problem.kind === 'login') setLogin('bid');
      else if (problem.kind === 'verify') answerGate(error, { signInHere: true });
      else if (problem.kind === 'fields')
        setNote({ tone: 'error', text: m(Object.values(problem.fields)[0] ?? MSG.bidFailed) });
      else setNote({ tone: 'error', text: m(problem.message) });
    } finally {
      setBusy(null);
    }
  }

  function hide() {
    if (!allowed('hide', false)) return;
    onNotInterested(item);
  }

  const discount =
    item.kind === 'product' && item.product.previousPrice && item.product.previousPrice > item.product.price
      ? Math.round((1 - item.product.price / item.product.previousPrice) * 100)
      : 0;

  return (
    <article
      className={`feed-card${current ? ' feed-card--current' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-position`}
      inert={!current}
      tabIndex={-1}
      data-testid="feed-item"
      data-kind={item.kind}
      data-id={item.id}
      data-current={current || undefined}
    >
      <FeedPhotos images={images} title={title} load={near} eager={current} />

      <div className="feed-card__info">
        <p className="feed-card__meta">
          {item.kind === 'auction' ? (
            <span className="pill pill--warn pill--small">{t('feed.auction')}</span>
          ) : (
            <span className="pill pill--small">{categoryName(item.product.category)}</span>
          )}
          <span className="sr-only" id={`${titleId}-position`}>
            {t('feed.position', { position, total })}
          </span>
        </p>
        <h2 className="feed-card__title" id={titleId}>
          <Link to={href}>{title}</Link>
        </h2>

        {item.kind === 'product' ? (
          <p className="feed-card__price" data-testid="feed-price">
            <Money fils={item.product.price} className="feed-card__amount" />
            {item.product.previousPrice !== null && item.product.previousPrice > item.product.price && (
              <s className="feed-card__was">
                <span className="sr-only">{t('feed.previousPrice')} </span>
                <Money fils={item.product.previousPrice} />
              </s>
            )}
            {discount > 0 && (
              <span className="feed-card__save" dir="ltr">
                −{discount}%
              </span>
            )}
          </p>
        ) : (
          <div className="feed-card__bid" data-testid="feed-price">
            <div>
              <span className="feed-card__label">
                {t(item.auction.currentBid === null ? 'feed.startingBid' : 'feed.currentBid')}
              </span>
              <Money fils={item.auction.currentBid ?? item.auction.startingBid} className="feed-card__amount" />
              <span className="muted feed-card__count">{t('feed.bids', { count: item.auction.bidCount })}</span>
            </div>
            <div>
              <span className="feed-card__label">{t('feed.endsIn')}</span>
              <Countdown endsAt={item.auction.endsAt} className="feed-card__clock" testId="feed-countdown" />
            </div>
          </div>
        )}

        <div className="feed-card__seller">
          <Avatar src={seller.profilePic} size={40} lazy />
          <p>
            <span className="muted">{t('feed.soldBy')} </span>
            <Link to={`/MyAccount/${seller.id}`} data-testid="feed-seller">
              <bdi>{seller.username}</bdi>
            </Link>
          </p>
          <button
            type="button"
            className={`btn btn--small feed-card__follow ${item.followingSeller ? 'btn--ghost' : 'btn--primary'}`}
            aria-pressed={item.followingSeller}
            aria-label={t(item.followingSeller ? 'feed.followingAria' : 'feed.followAria', { user: seller.username })}
            disabled={busy === 'follow'}
            onClick={() => void toggleFollow()}
            data-testid="feed-follow"
          >
            {busy === 'follow' ? '…' : t(item.followingSeller ? 'feed.following' : 'feed.follow')}
          </button>
        </div>

        <div className="feed-card__actions">
          {item.kind === 'product' ? (
            <button
              type="button"
              className="btn btn--primary feed-card__main"
              onClick={addToCart}
              data-testid="feed-add-to-cart"
            >
              <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.9 2H21l-3.4 7.3a2 2 0 0 1-1.8 1.2H8.1l-1 1.8h12V18H7a2 2 0 0 1-1.7-3l1.4-2.5L3 4H1V2h3.4z"
                />
              </svg>
              {t('feed.addToCart')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary feed-card__main"
              disabled={busy === 'bid'}
              onClick={() => void bid()}
              data-testid="feed-bid"
            >
              {busy === 'bid' ? t('feed.placingBid') : t('feed.bid', { amount: formatMoney(item.minimumBid, locale) })}
            </button>
          )}
          {item.kind === 'product' && (
            <button
              type="button"
              className={`btn btn--ghost feed-card__icon like-button${item.likedByMe ? ' like-button--on' : ''}`}
              aria-pressed={item.likedByMe}
              aria-label={t('feed.likeAria', { count: item.product.likeCount, n: String(item.product.likeCount) })}
              onClick={() => void toggleLike()}
              data-testid="feed-like"
            >
              <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
                <path d="M12 21s-7.5-4.6-9.7-9.3C.8 8.4 2.9 4.5 6.6 4.1c2.1-.2 3.9.9 5.4 2.8 1.5-1.9 3.3-3 5.4-2.8 3.7.4 5.8 4.3 4.3 7.6C19.5 16.4 12 21 12 21z" />
              </svg>
              <span data-testid="feed-like-count">{item.product.likeCount}</span>
            </button>
          )}
          <Link to={href} className="btn btn--ghost feed-card__open" data-testid="feed-open">
            {t('feed.viewDetails')}
          </Link>
          <button
            type="button"
            className="btn btn--ghost feed-card__hide"
            onClick={hide}
            data-testid="feed-not-interested"
          >
            {t('feed.notInterested')}
          </button>
        </div>

        <div className="feed-card__status" role="status" data-testid="feed-status">
          {note && (
            <p className={`notice notice--${note.tone === 'error' ? 'error' : note.tone === 'ok' ? 'ok' : 'warn'}`}>
              {note.text}
              {note.cart && (
                <>
                  {' '}
                  · <Link to="/cart">{t('feed.viewCart')}</Link>
                </>
              )}
            </p>
          )}
        </div>
        {login &&
          (login === 'bid' ? (
            <LoginToBid onDismiss={() => setLogin(null)} />
          ) : (
            <LoginPrompt onDismiss={() => setLogin(null)} />
          ))}
      </div>
    </article>
  );
}
