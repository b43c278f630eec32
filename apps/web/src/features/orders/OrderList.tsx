import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { productPath, type Order, type OrderLine, type Sale, type SavedAddressView } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { RichText } from '../../components/RichText';
import { Spinner } from '../../components/Spinner';
import { CompleteAddressForm } from './CompleteAddressForm';
import { FulfilmentBadge } from './FulfilmentBadge';
import { InvoiceLinks } from './InvoiceLinks';
import { SaleCard } from './SaleCard';
import { WonOrderTerms } from './WonOrderTerms';
import { useEmirateName } from '../../components/address/emirates';
import { usePaymentMethodName } from './labels';
import { useT } from '../../i18n';
import './order-clip.css';

const AWAITING_ADDRESS = 'awaiting_address';

/** A won auction's order, waiting for the winner's delivery address. */
function AddAddress({ order, saved }: { order: Order; saved?: SavedAddressView }) {
  const [open, setOpen] = useState(false);
  const { t } = useT();
  if (!open) {
    return (
      <div className="order-card__todo">
        <p>{t('orders.list.wonTodo')}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setOpen(true)}
          data-testid="add-delivery-address"
        >
          {t('orders.list.addAddress')}
        </button>
      </div>
    );
  }
  return <CompleteAddressForm orderId={order.id} saved={saved} onDone={() => setOpen(false)} />;
}

/** A live show's sale: the clip of the hammer, small enough for a 360 px screen, loaded only when played. */
function ClipPlayer({ url, mimeType }: { url: string; mimeType: string }) {
  const { t } = useT();
  return (
    <figure className="order-clip" data-testid="order-clip">
      <figcaption>{t('orders.list.clip')}</figcaption>
      <video controls preload="metadata" playsInline aria-label={t('orders.list.clip')}>
        <source src={url} type={mimeType} />
      </video>
    </figure>
  );
}

export function OrderList({
  orders,
  loading,
  lineExtra,
  defaultAddress,
}: {
  orders: Order[] | undefined;
  loading: boolean;
  /** The buyer's default address, filled in when a won order asks for one. */
  defaultAddress?: SavedAddressView;
  /** What the page composing this adds under a line (issue 31: late notice, rating, problem). */
  lineExtra?: (order: Order, line: OrderLine) => ReactNode;
}) {
  const { t, m, locale } = useT();
  const emirateName = useEmirateName();
  const paymentName = usePaymentMethodName();
  if (loading) return <Spinner label={t('orders.list.loading')} />;
  if (!orders?.length) return <EmptyState title={t('orders.list.empty')} />;
  return (
    <div data-testid="orders">
      {orders.map((o) => {
        const awaiting = o.status === AWAITING_ADDRESS;
        return (
          <article key={o.id} className="order-card" data-testid="order">
            <div className="order-card__head">
              <strong>
                <RichText id="orders.list.order" parts={{ id: <bdi>{o.id.slice(0, 8).toUpperCase()}</bdi> }} />
                {o.auctionId && (
                  <Link to={`/auction/${o.auctionId}`} className="pill pill--small order-card__tag">
                    {t('orders.list.wonAtAuction')}
                  </Link>
                )}
              </strong>
              <span className="muted">{m(formatGulfDateTime(o.createdAt, locale))}</span>
            </div>
            <ul className="order-lines">
              {o.lines.map((l, i) => (
                <li key={i}>
                  <img src={l.image || '/images/placeholder.svg'} alt="" />
                  <span>
                    <RichText
                      id="orders.checkout.line"
                      values={{ quantity: l.quantity }}
                      parts={{
                        title: l.productId ? (
                          <Link to={productPath(l.productId)}>
                            <bdi>{l.title}</bdi>
                          </Link>
                        ) : (
                          <bdi>{l.title}</bdi>
                        ),
                      }}
                    />
                    {!awaiting && (
                      <>
                        <br />
                        <FulfilmentBadge status={l.status} />
                      </>
                    )}
                  </span>
                  <Money fils={l.lineTotal} />
                  {l.clip && <ClipPlayer url={l.clip.url} mimeType={l.clip.mimeType} />}
                  {lineExtra?.(o, l)}
                </li>
              ))}
            </ul>
            <p className="muted">
              <RichText
                id="orders.list.sums"
                values={{ payment: paymentName(o.paymentMethod) }}
                parts={{
                  place: awaiting ? (
                    t('orders.list.awaitingAddress')
                  ) : (
                    <RichText
                      id="orders.list.place"
                      values={{ emirate: emirateName(o.address.emirate) }}
                      parts={{ area: <bdi>{o.address.area}</bdi> }}
                    />
                  ),
                  vat: <Money fils={o.vat} />,
                  total: (
                    <strong>
                      <Money fils={o.total} />
                    </strong>
                  ),
                }}
              />
            </p>
            <InvoiceLinks documents={o.documents} />
            <WonOrderTerms order={o} />
            {awaiting && <AddAddress order={o} saved={defaultAddress} />}
          </article>
        );
      })}
    </div>
  );
}

export function SaleList({
  sales,
  loading,
  saleExtra,
}: {
  sales: Sale[] | undefined;
  loading: boolean;
  /** What the page composing this adds under a sale (issue 31). */
  saleExtra?: (sale: Sale) => ReactNode;
}) {
  const { t } = useT();
  if (loading) return <Spinner label={t('orders.sales.loading')} />;
  if (!sales?.length) return <EmptyState title={t('orders.sales.empty')} />;
  return (
    <div data-testid="sales">
      {sales.map((s) => (
        <SaleCard key={s.id} sale={s} extra={saleExtra?.(s)} />
      ))}
    </div>
  );
}
