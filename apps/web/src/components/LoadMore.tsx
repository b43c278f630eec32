import { useT } from '../i18n';

/** The button under a keyset-paged list: the next page is fetched only when asked for. */
export function LoadMore({ loading, onMore }: { loading?: boolean; onMore?: () => void }) {
  const { t } = useT();
  return (
    <div className="load-more">
      <button
        type="button"
        className="btn btn--ghost"
        disabled={loading}
        aria-busy={loading || undefined}
        onClick={onMore}
      >
        {loading ? t('components.loading') : t('components.loadMore')}
      </button>
    </div>
  );
}
