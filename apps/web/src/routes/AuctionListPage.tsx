import { Link, useSearchParams } from 'react-router';
import { AUCTION_SORT_KEYS, isCategory, MSG, type AuctionSort } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { useAuctionList } from '../features/auctions/api';
import { useRequireVerified } from '../features/auth/gates';
import { SaveSearchButton } from '../features/saved-searches/SaveSearchButton';
import { AuctionGrid } from '../features/auctions/AuctionGrid';
import { useT } from '../i18n';

const isSort = (v: string | null): v is AuctionSort => v !== null && (AUCTION_SORT_KEYS as string[]).includes(v);

export default function AuctionListPage() {
  const { t, m } = useT();
  const [params] = useSearchParams();
  const requestedCategory = params.get('category');
  const category = isCategory(requestedCategory) ? requestedCategory : undefined;
  const requested = params.get('sort');
  const sort: AuctionSort = isSort(requested) ? requested : 'ending';
  const list = useAuctionList({ category, sort });
  const requireVerified = useRequireVerified();

  return (
    <>
      <PageTitle subtitle={category ? t('auctions.list.showing', { category }) : t('auctions.list.subtitle')}>
        {t('auctions.list.title')}
      </PageTitle>
      <div className="toolbar">
        <ParamSelect
          label={t('auctions.list.sortBy')}
          param="sort"
          value={sort}
          options={AUCTION_SORT_KEYS.map((key) => ({ value: key, label: t(`auctions.sort.${key}`) }))}
        />
        <SaveSearchButton
          shown={{ text: '', category: category ?? null, auctionsOnly: true }}
          allowed={requireVerified}
        />
      </div>
      <AuctionGrid
        {...list}
        emptyTitle={category ? t('auctions.list.emptyCategory', { category }) : m(MSG.noAuctions)}
        emptyExtra={
          <>
            <p className="muted">{t('auctions.list.emptyHint')}</p>
            <div className="empty__actions">
              {category && (
                <Link to="/auction" className="btn btn--ghost">
                  {t('auctions.list.seeAll')}
                </Link>
              )}
              <Link to={category ? `/?category=${encodeURIComponent(category)}` : '/'} className="btn btn--primary">
                {category ? t('auctions.list.shopCategory', { category }) : t('auctions.list.browseShop')}
              </Link>
            </div>
          </>
        }
      />
    </>
  );
}
