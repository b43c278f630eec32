import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { MSG, type ProductSummary } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { LoadMore } from '../components/LoadMore';
import { PageTitle } from '../components/PageTitle';
import { ProductCard } from '../components/ProductCard';
import { ProductGrid } from '../components/ProductGrid';
import { Spinner } from '../components/Spinner';
import { useConfirm } from '../components/useConfirm';
import { LineAftersale } from '../features/aftersale/LineAftersale';
import { SaleAftersale } from '../features/aftersale/SaleAftersale';
import { SellerRatings } from '../features/aftersale/SellerRatings';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { useMyAftersale } from '../features/aftersale/api';
import { useSellerAuctions } from '../features/auctions/api';
import { AuctionGrid } from '../features/auctions/AuctionGrid';
import { MoveToAuction } from '../features/auctions/MoveToAuction';
import { useRequireVerified } from '../features/auth/gates';
import { useSession } from '../features/auth/api';
import { ReportButton } from '../features/reports/ReportButton';
import { SavedSearchList } from '../features/saved-searches/SavedSearchList';
import { useMyLikes, useSellerProducts } from '../features/catalog/api';
import { OrderList, SaleList } from '../features/orders/OrderList';
import { MyStrikes } from '../features/wins/MyStrikes';
import { orderKeys, useMyOrders, useMySales } from '../features/orders/api';
import { useDeleteProduct } from '../features/sell/api';
import { useMyProductViews } from '../features/backoffice/api';
import { DownloadCsv } from '../features/backoffice/DownloadCsv';
import { ProductViews } from '../features/backoffice/ProductViews';
import { FollowButton } from '../features/profiles/FollowButton';
import { ProfileHeader } from '../features/profiles/ProfileHeader';
import { useProfile } from '../features/profiles/api';
import { useT, type MessageKey } from '../i18n';

const OWN_TABS = {
  products: 'account.tab.products',
  auctions: 'account.tab.auctions',
  likes: 'account.tab.likes',
  orders: 'account.tab.orders',
  sales: 'account.tab.sales',
  ratings: 'aftersale.ratings.tab',
  searches: 'searches.tab',
} as const satisfies Record<string, MessageKey>;
const OTHER_TABS = {
  products: 'account.tab.products',
  auctions: 'account.tab.auctions',
  ratings: 'aftersale.ratings.tab',
} as const;
type Tab = keyof typeof OWN_TABS;

function OwnedProducts({ userId }: { userId: string }) {
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

function Account({ userId }: { userId: string }) {
  const { t, m } = useT();
  const { user } = useSession();
  const profile = useProfile(userId);
  const [params, setParams] = useSearchParams();
  const requireVerified = useRequireVerified();
  const own = profile.data?.isMe ?? false;
  const tabs: Partial<Record<Tab, MessageKey>> = own ? OWN_TABS : OTHER_TABS;
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && requested in tabs ? requested : 'products';
  const otherProducts = useSellerProducts(userId, !own && tab === 'products');
  const likes = useMyLikes(own && tab === 'likes');
  const auctions = useSellerAuctions(userId, tab === 'auctions');
  const orders = useMyOrders(own && tab === 'orders');
  const sales = useMySales(own && tab === 'sales');
  // Issue 31: the ratings and problems beside each order line and sale, and the late cancel re-reads the orders.
  const aftersale = useMyAftersale(own && (tab === 'orders' || tab === 'sales'));
  const client = useQueryClient();
  const ordersChanged = () => void client.invalidateQueries({ queryKey: orderKeys.all });

  if (profile.isPending) return <Spinner label={t('account.loadingProfile')} />;
  if (!profile.data) return <PageTitle>{t('account.noSuchUser')}</PageTitle>;
  const p = profile.data;

  return (
    <>
      <ProfileHeader
        profile={p}
        actions={
          own ? (
            <>
              <Link to="/EditProfile" className="btn btn--ghost btn--small">
                {t('account.editProfile')}
              </Link>
              <Link to="/dashboard" className="btn btn--ghost btn--small" data-testid="open-dashboard">
                {t('dashboard.open')}
              </Link>
            </>
          ) : (
            <>
              <FollowButton profile={p} allowed={requireVerified} />
              {user && <ReportButton kind="user" id={p.id} compact />}
            </>
          )
        }
      />
      <SellerStanding sellerId={userId} />
      <div className="tablist" role="tablist">
        {(Object.entries(tabs) as [Tab, MessageKey][]).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setParams({ tab: key }, { replace: true })}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {tab === 'products' &&
        (own ? (
          <OwnedProducts userId={userId} />
        ) : (
          <ProductGrid
            {...otherProducts}
            onMore={otherProducts.more}
            loadingLabel={m(MSG.loadingProducts)}
            emptyTitle={t('account.products.theirsEmpty', { name: p.username })}
          />
        ))}
      {tab === 'auctions' && (
        <AuctionGrid
          {...auctions}
          emptyTitle={own ? t('account.auctions.empty') : t('account.auctions.theirsEmpty', { name: p.username })}
          emptyExtra={
            own ? (
              <>
                <p className="muted">
                  {t('account.auctions.emptyHint', { action: t('account.products.moveToAuction') })}
                </p>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => setParams({ tab: 'products' }, { replace: true })}
                >
                  {t('account.auctions.viewProducts')}
                </button>
              </>
            ) : (
              <Link to="/auction" className="btn btn--primary">
                {t('account.auctions.browse')}
              </Link>
            )
          }
        />
      )}
      {tab === 'likes' && (
        <ProductGrid
          {...likes}
          onMore={likes.more}
          loadingLabel={m(MSG.loadingProducts)}
          emptyTitle={t('account.likes.empty')}
        />
      )}
      {tab === 'orders' && (
        <>
          <MyStrikes />
          <DownloadCsv kind="orders" />
          <OrderList
            orders={orders.data}
            loading={orders.isPending}
            lineExtra={(order, line) => (
              <LineAftersale orderId={order.id} line={line} aftersale={aftersale.data} onOrderChanged={ordersChanged} />
            )}
          />
        </>
      )}
      {tab === 'sales' && <DownloadCsv kind="sales" />}
      {tab === 'sales' && (
        <SaleList
          sales={sales.data}
          loading={sales.isPending}
          saleExtra={(sale) => <SaleAftersale sale={sale} aftersale={aftersale.data} />}
        />
      )}
      {tab === 'ratings' && <SellerRatings sellerId={userId} own={own} />}
      {own && tab === 'searches' && <SavedSearchList />}
    </>
  );
}

/** /MyAccount is your own profile (login required); /MyAccount/{id} or navigation state shows someone else's. */
export default function MyAccountPage() {
  const { ownerID } = useParams();
  const state = useLocation().state as { profileUserId?: string } | null;
  const { user, loading } = useSession();
  const { t } = useT();
  const id = ownerID ?? state?.profileUserId;
  if (id) return <Account key={id} userId={id} />;
  if (loading) return <Spinner label={t('account.loading')} />;
  if (!user) return <Navigate to="/Login" replace />;
  return <Account key={user.id} userId={user.id} />;
}
