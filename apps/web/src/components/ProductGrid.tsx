import type { ReactNode } from 'react';
import type { ProductSummary } from '@souq/shared';
import { EmptyState } from './EmptyState';
import { LoadMore } from './LoadMore';
import { ProductCard } from './ProductCard';
import { Spinner } from './Spinner';

interface Props {
  items: ProductSummary[];
  loading: boolean;
  loadingLabel: string;
  emptyTitle: string;
  error?: unknown;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  emptyExtra?: ReactNode;
}

/** A product grid with its loading, empty, error and "load more" states. */
export function ProductGrid({ items, loading, loadingLabel, emptyTitle, error, hasMore, loadingMore, onMore, emptyExtra }: Props) {
  if (loading) return <Spinner label={loadingLabel} />;
  if (error && items.length === 0) {
    return (
      <EmptyState title="We could not load these products.">
        <p className="muted">Check your connection and try again.</p>
      </EmptyState>
    );
  }
  if (items.length === 0) return <EmptyState title={emptyTitle}>{emptyExtra}</EmptyState>;
  return (
    <>
      <div className="product-grid" data-testid="product-grid">
        {items.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
      {hasMore && <LoadMore loading={loadingMore} onMore={onMore} />}
    </>
  );
}
