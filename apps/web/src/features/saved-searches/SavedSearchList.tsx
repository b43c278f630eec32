import { Link } from 'react-router';
import type { SavedSearch } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Money } from '../../components/Money';
import { Skeleton } from '../../components/Skeleton';
import { useCategoryName } from '../../components/category-names';
import { useT } from '../../i18n';
import { useDeleteSavedSearch, useSavedSearches } from './api';

/** My Account's saved searches: what each one asks for, and a way to delete it. */
export function SavedSearchList() {
  const { t } = useT();
  const list = useSavedSearches();
  const remove = useDeleteSavedSearch();

  if (list.isPending)
    return (
      <div aria-busy="true" aria-label={t('searches.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </div>
    );
  if (list.isError) return <ErrorState title={t('searches.error')} onRetry={() => void list.refetch()} />;
  if (!list.data.items.length)
    return (
      <EmptyState title={t('searches.empty')}>
        <p className="muted">{t('searches.emptyHint')}</p>
        <Link to="/search" className="btn btn--primary">
          {t('searches.goSearch')}
        </Link>
      </EmptyState>
    );
  return (
    <>
      <p className="muted">{t('searches.count', { n: list.data.items.length, max: list.data.limit })}</p>
      <ul className="saved-searches" data-testid="saved-searches">
        {list.data.items.map((s) => (
          <li key={s.id} className="saved-search">
            <SearchSummary search={s} />
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={remove.isPending && remove.variables === s.id}
              onClick={() => remove.mutate(s.id)}
            >
              {t('searches.delete')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function SearchSummary({ search }: { search: SavedSearch }) {
  const { t } = useT();
  const categoryName = useCategoryName();
  return (
    <div className="saved-search__what">
      <strong>{search.text ? `“${search.text}”` : t('searches.anything')}</strong>
      <span className="muted">
        {[search.category && categoryName(search.category), search.auctionsOnly ? t('searches.auctionsOnly') : null]
          .filter(Boolean)
          .join(' · ')}
        {search.maxPrice !== null && (
          <>
            {' · '}
            {t('searches.upTo')} <Money fils={search.maxPrice} />
          </>
        )}
      </span>
    </div>
  );
}
