import { Link, useSearchParams } from 'react-router';
import { AUCTION_SORT_KEYS, AUCTION_SORTS, isCategory, MSG, type AuctionSort } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { useAuctionList } from '../features/auctions/api';
import { AuctionGrid } from '../features/auctions/AuctionGrid';

const isSort = (v: string | null): v is AuctionSort => v !== null && (AUCTION_SORT_KEYS as string[]).includes(v);
const SORT_OPTIONS = AUCTION_SORT_KEYS.map((key) => ({ value: key, label: AUCTION_SORTS[key] }));

export default function AuctionListPage() {
  const [params] = useSearchParams();
  const requestedCategory = params.get('category');
  const category = isCategory(requestedCategory) ? requestedCategory : undefined;
  const requested = params.get('sort');
  const sort: AuctionSort = isSort(requested) ? requested : 'ending';
  const list = useAuctionList({ category, sort });

  return (
    <>
      <PageTitle
        subtitle={category ? `Showing ${category}` : 'Timed auctions: the highest bid when the clock runs out wins.'}
      >
        Auctions
      </PageTitle>
      <div className="toolbar">
        <ParamSelect label="Sort by" param="sort" value={sort} options={SORT_OPTIONS} />
      </div>
      <AuctionGrid
        {...list}
        emptyTitle={category ? `No auctions available in the ${category} category` : MSG.noAuctions}
        emptyExtra={
          <>
            <p className="muted">
              New auctions start all the time. Meanwhile, sellers have fixed-price items in the shop.
            </p>
            <div className="empty__actions">
              {category && (
                <Link to="/auction" className="btn btn--ghost">
                  See all auctions
                </Link>
              )}
              <Link to={category ? `/?category=${encodeURIComponent(category)}` : '/'} className="btn btn--primary">
                {category ? `Shop ${category}` : 'Browse the shop'}
              </Link>
            </div>
          </>
        }
      />
    </>
  );
}
