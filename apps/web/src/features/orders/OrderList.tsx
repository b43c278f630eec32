import { useState } from 'react';
import { Link } from 'react-router';
import { productPath, PAYMENT_METHODS, type Order, type Sale } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import { CompleteAddressForm } from './CompleteAddressForm';
import { FulfilmentBadge } from './FulfilmentBadge';
import { SaleCard } from './SaleCard';

const AWAITING_ADDRESS = 'awaiting_address';

/** A won auction's order, waiting for the winner's delivery address. */
function AddAddress({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="order-card__todo">
        <p>You won this at auction. Add your delivery address to complete the order.</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setOpen(true)}
          data-testid="add-delivery-address"
        >
          Add delivery address
        </button>
      </div>
    );
  }
  return <CompleteAddressForm orderId={order.id} onDone={() => setOpen(false)} />;
}

export function OrderList({ orders, loading }: { orders: Order[] | undefined; loading: boolean }) {
  if (loading) return <Spinner label="Loading your orders…" />;
  if (!orders?.length) return <EmptyState title="You have not ordered anything yet." />;
  return (
    <div data-testid="orders">
      {orders.map((o) => {
        const awaiting = o.status === AWAITING_ADDRESS;
        return (
          <article key={o.id} className="order-card" data-testid="order">
            <div className="order-card__head">
              <strong>
                Order {o.id.slice(0, 8).toUpperCase()}
                {o.auctionId && (
                  <Link to={`/auction/${o.auctionId}`} className="pill pill--small order-card__tag">
                    Won at auction
                  </Link>
                )}
              </strong>
              <span className="muted">{formatGulfDateTime(o.createdAt)}</span>
            </div>
            <ul className="order-lines">
              {o.lines.map((l, i) => (
                <li key={i}>
                  <img src={l.image || '/images/placeholder.svg'} alt="" />
                  <span>
                    {l.productId ? <Link to={productPath(l.productId)}>{l.title}</Link> : l.title} × {l.quantity}
                    {!awaiting && (
                      <>
                        <br />
                        <FulfilmentBadge status={l.status} />
                      </>
                    )}
                  </span>
                  <Money fils={l.lineTotal} />
                </li>
              ))}
            </ul>
            <p className="muted">
              {PAYMENT_METHODS[o.paymentMethod as keyof typeof PAYMENT_METHODS] ?? o.paymentMethod} ·{' '}
              {awaiting ? 'Awaiting delivery address' : `${o.address.area}, ${o.address.emirate}`} · VAT{' '}
              <Money fils={o.vat} /> · Total{' '}
              <strong>
                <Money fils={o.total} />
              </strong>
            </p>
            {awaiting && <AddAddress order={o} />}
          </article>
        );
      })}
    </div>
  );
}

export function SaleList({ sales, loading }: { sales: Sale[] | undefined; loading: boolean }) {
  if (loading) return <Spinner label="Loading your sales…" />;
  if (!sales?.length) return <EmptyState title="No sales yet." />;
  return (
    <div data-testid="sales">
      {sales.map((s) => (
        <SaleCard key={s.id} sale={s} />
      ))}
    </div>
  );
}
