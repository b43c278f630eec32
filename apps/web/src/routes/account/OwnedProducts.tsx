import { useState } from 'react';
import { Link } from 'react-router';
import { MSG, type ProductSummary } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { useConfirm } from '../../components/useConfirm';
import { MoveToAuction } from '../../features/auctions/MoveToAuction';
import { useRequireVerified } from '../../features/auth/gates';
import { useMyProductViews } from '../../features/backoffice/api';
import { ProductViews } from '../../features/backoffice/ProductViews';
import { useSellerProducts } from '../../features/catalog/api';
import { useDeleteProduct } from '../../features/sell/api';
import { useT } from '../../i18n';

/** The owner's own products, each with its views and what they can do with it. */
export function OwnedProducts({ userId }: { userId: string }) {
  const list = useSellerProducts(userId);
  const views = useMyProductViews(true);
  const deletion = useDeleteProduct(userId);
  const requireVerified = useRequireVerified();
  const [moving, setMoving] = useState<ProductSummary | null>(null);
  const [ask, confirmDialog] = useConfirm();
  const { t, m } = useT();

  async function remove(id: string) {
    const title = m(MSG.confirmDeleteProduct);
    if (!(await ask({ title, confirmLabel: t('account.products.deleteConfirm'), danger: true }))) return;
    await deletion.mutateAsync(id).catch((error: unknown) => console.warn('delete failed', error));
  }

  if (list.loading) return <Spinner label={m(MSG.loadingProducts)} />;
  if (list.items.length === 0) {
    return (
      <EmptyState title={t('account.products.empty')}>
        <Link to="/AddProduct" className="btn btn--primary">
          {t('account.products.add')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="product-grid">
        {list.items.map((p) => (
          <div key={p.id} className="owned-card">
            <ProductCard product={p} />
            <ProductViews views={views.data} productId={p.id} />
            <div className="owner-actions">
              <Link to={`/EditProduct/${p.id}`} className="btn btn--ghost btn--small">
                {t('account.products.edit')}
              </Link>
              <button type="button" className="btn btn--danger btn--small" onClick={() => void remove(p.id)}>
                {t('account.products.delete')}
              </button>
              {p.isAuction ? (
                <Link to="?tab=auctions" replace className="btn btn--ghost btn--small">
                  {t('account.products.onAuction')}
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  onClick={() => requireVerified() && setMoving(p)}
                  data-testid="move-to-auction-button"
                >
                  {t('account.products.moveToAuction')}
                </button>
              )}
            </div>
          </div>
        ))}
      </div>
      {list.hasMore && <LoadMore loading={list.loadingMore} onMore={list.more} />}
      {moving && <MoveToAuction product={moving} onClose={() => setMoving(null)} />}
      {confirmDialog}
    </>
  );
}
