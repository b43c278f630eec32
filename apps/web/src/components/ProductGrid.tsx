import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '@souq/shared';
import { useT } from '../i18n';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadMore } from './LoadMore';
import { ProductCard } from './ProductCard';
import { SkeletonCards } from './Skeleton';

interface Props {
  items: ProductSummary[];
  loading: boolean;
  loadingLabel: string;
  emptyTitle: string;
  error?: unknown;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  /** Offered with the error state; the lists from usePaged pass theirs through. */
  retry: () => void;
  emptyExtra?: ReactNode;
}

/** A product grid with its loading, empty, error and "load more" states. */
export function ProductGrid({
  items,
  loading,
  loadingLabel,
  emptyTitle,
  error,
  hasMore,
  loadingMore,
  onMore,
  retry,
  emptyExtra,
}: Props) {
  const { t, m } = useT();
  // Cards of the real size, so the footer does not jump when the products arrive.
  if (loading) return <SkeletonCards label={m(loadingLabel)} />;
  if (error && items.length === 0) {
    return <ErrorState title={t('components.productGrid.error')} onRetry={retry} />;
  }
  if (items.length === 0) {
    return (
      <EmptyState title={emptyTitle}>
        {emptyExtra ?? (
          <Link to="/" className="btn btn--ghost">
            {t('components.productGrid.browse')}
          </Link>
        )}
      </EmptyState>
    );
  }
  return (
    <>
      <div className="product-grid" data-testid="product-grid">
        {items.map((p, i) => (
          <ProductCard key={p.id} product={p} eager={i < 4} />
        ))}
      </div>
      {hasMore && <LoadMore loading={loadingMore} onMore={onMore} />}
    </>
  );
}
