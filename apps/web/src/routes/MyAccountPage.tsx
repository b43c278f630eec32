import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ProductGrid } from '../components/ProductGrid';
import { Spinner } from '../components/Spinner';
import { AddressBook } from '../features/addresses/AddressBook';
import { useAddressBook } from '../features/addresses/api';
import { LineAftersale } from '../features/aftersale/LineAftersale';
import { SaleAftersale } from '../features/aftersale/SaleAftersale';
import { SellerRatings } from '../features/aftersale/SellerRatings';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { useMyAftersale } from '../features/aftersale/api';
import { useSellerAuctions } from '../features/auctions/api';
import { BuyerDelivery } from '../features/delivery/BuyerDelivery';
import { SaleDelivery } from '../features/delivery/SaleDelivery';
import { useMyDeliveries } from '../features/delivery/api';
import { AuctionGrid } from '../features/auctions/AuctionGrid';
import { useSession } from '../features/auth/api';
import { DownloadCsv } from '../features/backoffice/DownloadCsv';
import { useMyLikes, useSellerProducts } from '../features/catalog/api';
import { orderKeys, useMyOrders, useMySales } from '../features/orders/api';
import { OrderList, SaleList } from '../features/orders/OrderList';
import { ProfileHeader } from '../features/profiles/ProfileHeader';
import { useProfile } from '../features/profiles/api';
import { SavedSearchList } from '../features/saved-searches/SavedSearchList';
import { MyStrikes } from '../features/wins/MyStrikes';
import { useT, type MessageKey } from '../i18n';
import { NoAuctions } from './account/NoAuctions';
import { OwnedProducts } from './account/OwnedProducts';
import { ProfileActions } from './account/ProfileActions';

const OWN_TABS = {
  products: 'account.tab.products',
  auctions: 'account.tab.auctions',
  likes: 'account.tab.likes',
  orders: 'account.tab.orders',
  sales: 'account.tab.sales',
  ratings: 'aftersale.ratings.tab',
  searches: 'searches.tab',
  addresses: 'account.tab.addresses',
} as const satisfies Record<string, MessageKey>;
const OTHER_TABS = {
  products: 'account.tab.products',
  auctions: 'account.tab.auctions',
  ratings: 'aftersale.ratings.tab',
} as const;
type Tab = keyof typeof OWN_TABS;

function Account({ userId }: { userId: string }) {
  const { t, m } = useT();
  const profile = useProfile(userId);
  const [params, setParams] = useSearchParams();
  const own = profile.data?.isMe ?? false;
  const tabs: Partial<Record<Tab, MessageKey>> = own ? OWN_TABS : OTHER_TABS;
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && requested in tabs ? requested : 'products';
  const otherProducts = useSellerProducts(userId, !own && tab === 'products');
  const likes = useMyLikes(own && tab === 'likes');
  const auctions = useSellerAuctions(userId, tab === 'auctions');
  const orders = useMyOrders(own && tab === 'orders');
  const sales = useMySales(own && tab === 'sales');
  const book = useAddressBook(own && tab === 'orders');
  const deliveries = useMyDeliveries(own && (tab === 'orders' || tab === 'sales'));
  // Issue 31: the ratings and problems beside each order line and sale, and the late cancel re-reads the orders.
  const aftersale = useMyAftersale(own && (tab === 'orders' || tab === 'sales'));
  const client = useQueryClient();
  const ordersChanged = () => void client.invalidateQueries({ queryKey: orderKeys.all });

  if (profile.isPending) return <Spinner label={t('account.loadingProfile')} />;
  if (!profile.data) return <PageTitle>{t('account.noSuchUser')}</PageTitle>;
  const p = profile.data;

  return (
    <>
      <ProfileHeader profile={p} actions={<ProfileActions profile={p} own={own} />} />
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
          emptyExtra={<NoAuctions own={own} onProducts={() => setParams({ tab: 'products' }, { replace: true })} />}
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
            defaultAddress={book.data?.find((a) => a.isDefault)}
            lineExtra={(order, line) => (
              <>
                <BuyerDelivery
                  delivery={deliveries.data?.asBuyer.find((d) => d.lineId === line.id)}
                  status={line.status}
                  address={order.address}
                />
                <LineAftersale
                  orderId={order.id}
                  line={line}
                  aftersale={aftersale.data}
                  onOrderChanged={ordersChanged}
                />
              </>
            )}
          />
        </>
      )}
      {tab === 'sales' && <DownloadCsv kind="sales" />}
      {tab === 'sales' && (
        <SaleList
          sales={sales.data}
          loading={sales.isPending}
          saleExtra={(sale) => (
            <>
              <SaleDelivery sale={sale} delivery={deliveries.data?.asSeller.find((d) => d.lineId === sale.id)} />
              <SaleAftersale sale={sale} aftersale={aftersale.data} />
            </>
          )}
        />
      )}
      {tab === 'ratings' && <SellerRatings sellerId={userId} own={own} />}
      {own && tab === 'searches' && <SavedSearchList />}
      {own && tab === 'addresses' && <AddressBook />}
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
