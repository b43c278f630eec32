import { Link } from 'react-router';
import type { FeedItem } from '@souq/shared';
import { Avatar } from '../../components/Avatar';
import { useT } from '../../i18n';
import { sellerOf } from './api';

interface Props {
  item: FeedItem;
  /** A follow or unfollow is on its way. */
  busy: boolean;
  onFollow(): void;
}

/** Who sells it, linked to their page, and Follow (or Following) in place. */
export function FeedSeller({ item, busy, onFollow }: Props) {
  const { t } = useT();
  const seller = sellerOf(item);
  return (
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
        disabled={busy}
        onClick={onFollow}
        data-testid="feed-follow"
      >
        {busy ? '…' : t(item.followingSeller ? 'feed.following' : 'feed.follow')}
      </button>
    </div>
  );
}
