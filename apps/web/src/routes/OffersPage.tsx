import { Link, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { PageTitle } from '../components/PageTitle';
import { Skeleton } from '../components/Skeleton';
import { useAddressBook } from '../features/addresses/api';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useMyOffers } from '../features/offers/api';
import { OfferCard } from '../features/offers/OfferCard';
import '../features/offers/offers.css';
import { useT } from '../i18n';

type Side = 'buyer' | 'seller';

/** Offers I made (answer a counter, check out an accepted one) and offers on my products (accept, decline, counter). */
function Offers() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('tab') === 'received' ? 'seller' : 'buyer';
  const offers = useMyOffers();
  const book = useAddressBook();
  const list = side === 'buyer' ? offers.data?.made : offers.data?.received;
  return (
    <>
      <PageTitle>{t('offers.title')}</PageTitle>
      <div className="tablist" role="tablist">
        {(['buyer', 'seller'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            onClick={() => setParams(s === 'seller' ? { tab: 'received' } : {}, { replace: true })}
          >
            {t(s === 'buyer' ? 'offers.tab.made' : 'offers.tab.received')}
          </button>
        ))}
      </div>
      {offers.isPending && (
        <ul className="offers-list" role="status" aria-label={t('offers.loading')}>
          {[0, 1].map((i) => (
            <li key={i} className="card offer-card offer-card--loading">
              <Skeleton height={64} width={64} />
              <Skeleton height={16} width="60%" />
              <Skeleton height={44} width="40%" />
            </li>
          ))}
        </ul>
      )}
      {offers.isError && (
        <ErrorState title={t('offers.failed')} message={offers.error.message} onRetry={() => void offers.refetch()} />
      )}
      {list?.length === 0 && (
        <EmptyState title={t(side === 'buyer' ? 'offers.empty.made' : 'offers.empty.received')}>
          <p className="muted">{t(side === 'buyer' ? 'offers.empty.madeHint' : 'offers.empty.receivedHint')}</p>
          <div className="empty__actions">
            <Link to={side === 'buyer' ? '/' : '/MyAccount'} className="btn btn--primary">
              {t(side === 'buyer' ? 'app.backToShop' : 'offers.empty.toProducts')}
            </Link>
          </div>
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <ul className="offers-list" data-testid={`offers-${side}`}>
          {list.map((offer) => (
            <OfferCard key={offer.id} offer={offer} side={side} saved={book.data ?? []} />
          ))}
        </ul>
      )}
    </>
  );
}

export default function OffersPage() {
  return (
    <RequireAuth notice={MSG.mustBeLoggedIn}>
      <Offers />
    </RequireAuth>
  );
}
