import { MSG, type FeedItem, type ImageUrls } from '@souq/shared';
import { useT } from '../../i18n';
import { sellerOf, useFollowSeller, useLikeItem } from './api';
import type { FeedGates } from './gates';
import { useCardFeedback } from './useCardFeedback';
import { useFeedBid } from './useFeedBid';

interface Options {
  item: FeedItem;
  gates: FeedGates;
  /** The photo the cart shows for a product. */
  cartImage: ImageUrls;
  onNotInterested: (item: FeedItem) => void;
}

/** Everything a card's buttons do (like, follow, add to cart, bid, not interested), and what it says back. */
export function useCardActions({ item, gates, cartImage, onNotInterested }: Options) {
  const { t, m } = useT();
  const likeItem = useLikeItem();
  const followSeller = useFollowSeller();
  const feedback = useCardFeedback(gates);
  const { busy, setBusy, setNote, allowed, failed } = feedback;
  const bid = useFeedBid(item, feedback);
  const seller = sellerOf(item);

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
    gates.addToCart(item.product, cartImage);
    setNote({ tone: 'ok', text: m(MSG.addedToCart), cart: true });
  }

  function hide() {
    if (!allowed('hide', false)) return;
    onNotInterested(item);
  }

  const { login, setLogin, note } = feedback;
  return { busy, note, login, dismissLogin: () => setLogin(null), toggleLike, toggleFollow, addToCart, bid, hide };
}
