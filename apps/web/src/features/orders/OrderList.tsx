import { Link } from 'react-router';
import { PAYMENT_METHODS, type Order, type Sale } from '@souq/shared';
import { EmptyState } from '../../components/EmptyState';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';

const when = (iso: string) => new Date(iso).toLocaleString('en-AE', { dateStyle: 'medium', timeStyle: 'short' });

export function OrderList({ orders, loading }: { orders: Order[] | undefined; loading: boolean }) {
  if (loading) return <Spinner label="Loading your orders…" />;
  if (!orders?.length) return <EmptyState title="You have not ordered anything yet." />;
  return (
    <div data-testid="orders">
      {orders.map((o) => (
        <article key={o.id} className="order-card">
          <div className="order-card__head">
            <strong>Order {o.id.slice(0, 8).toUpperCase()}</strong>
            <span className="muted">{when(o.createdAt)}</span>
          </div>
          <ul className="order-lines">
            {o.lines.map((l, i) => (
              <li key={i}>
                <img src={l.image || '/images/placeholder.svg'} alt="" />
                <span>
                  {l.productId ? <Link to={`/product/${l.productId}`}>{l.title}</Link> : l.title} × {l.quantity}
                </span>
                <Money fils={l.lineTotal} />
              </li>
            ))}
          </ul>
          <p className="muted">
            {PAYMENT_METHODS[o.paymentMethod as keyof typeof PAYMENT_METHODS] ?? o.paymentMethod} · {o.address.area}, {o.address.emirate} · VAT <Money fils={o.vat} /> · Total{' '}
            <strong>
              <Money fils={o.total} />
            </strong>
          </p>
        </article>
      ))}
    </div>
  );
}

export function SaleList({ sales, loading }: { sales: Sale[] | undefined; loading: boolean }) {
  if (loading) return <Spinner label="Loading your sales…" />;
  if (!sales?.length) return <EmptyState title="No sales yet." />;
  return (
    <div className="order-card" data-testid="sales">
      <ul className="order-lines">
        {sales.map((s, i) => (
          <li key={i}>
            <img src={s.image || '/images/placeholder.svg'} alt="" />
            <span>
              {s.title} × {s.quantity}
              <br />
              <span className="muted">
                to {s.buyer.username} in {s.emirate} · {when(s.createdAt)}
              </span>
            </span>
            <Money fils={s.lineTotal} />
          </li>
        ))}
      </ul>
    </div>
  );
}
