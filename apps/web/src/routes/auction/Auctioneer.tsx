import { Link } from 'react-router';
import type { AuctionDetail } from '@souq/shared';
import { Avatar } from '../../components/Avatar';
import { SellerStanding } from '../../features/aftersale/SellerStanding';
import { useT } from '../../i18n';

/** Who runs the auction, with their standing and a link to their profile. */
export function Auctioneer({ seller }: { seller: AuctionDetail['seller'] }) {
  const { t } = useT();
  return (
    <div className="seller">
      <Avatar src={seller.profilePic} size={44} />
      <div className="seller__text">
        <span className="muted">{t('auctions.page.auctioneer')}</span>
        <strong data-testid="auctioneer">
          <bdi>{seller.username}</bdi>
        </strong>
        <SellerStanding sellerId={seller.id} />
      </div>
      <Link to={`/MyAccount/${seller.id}`} className="btn btn--ghost btn--small">
        {t('auctions.page.viewProfile')}
      </Link>
    </div>
  );
}
