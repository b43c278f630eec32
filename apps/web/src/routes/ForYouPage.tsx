import { useEffect, useMemo } from 'react';
import type { ImageUrls, ProductSummary } from '@souq/shared';
import { useRequireVerified } from '../features/auth/gates';
import { useSession } from '../features/auth/api';
import { addToCart } from '../features/cart/cart-store';
import { Feed } from '../features/feed/Feed';
import type { FeedGates } from '../features/feed/FeedCard';
import { useT } from '../i18n';

/** /foryou: the vertical feed, given the session's gates and the cart (features stay independent). */
export default function ForYouPage() {
  const { t } = useT();
  const { user } = useSession();
  const requireVerified = useRequireVerified();
  const title = t('feed.pageTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const gates = useMemo<FeedGates>(
    () => ({
      viewer: !user ? 'anonymous' : user.emailVerified ? 'verified' : 'unverified',
      requireVerified,
      addToCart: (product: ProductSummary, image: ImageUrls) =>
        addToCart({ id: product.id, title: product.title, price: product.price, image: image.thumb }),
    }),
    [user, requireVerified],
  );
  return <Feed gates={gates} />;
}
