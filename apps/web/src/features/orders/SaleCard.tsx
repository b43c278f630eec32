import { NEXT_FULFILMENT, type FulfilmentStatus, type Sale } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { useConfirm } from '../../components/useConfirm';
import { FulfilmentBadge } from './FulfilmentBadge';
import { useMoveSale } from './api';

const ACTION: Record<FulfilmentStatus, string> = {
  placed: '',
  confirmed: 'Confirm order',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

/** One sold line: who to deliver to and call for the cash, and the next step the seller can take. */
export function SaleCard({ sale }: { sale: Sale }) {
  const move = useMoveSale();
  const [ask, confirmDialog] = useConfirm();
  const next = sale.delivery ? NEXT_FULFILMENT[sale.status] : [];

  async function go(status: FulfilmentStatus) {
    if (
      status === 'cancelled' &&
      !(await ask({
        title: 'Cancel this order?',
        body: 'The buyer will see it as cancelled. This cannot be undone.',
        confirmLabel: 'Cancel order',
        danger: true,
      }))
    )
      return;
    move.mutate({ id: sale.id, change: { from: sale.status, status } });
  }

  return (
    <article className="order-card sale-card" data-testid="sale">
      <div className="sale-card__item">
        <img src={sale.image || '/images/placeholder.svg'} alt="" width={56} height={56} />
        <span>
          <strong>{sale.title}</strong> × {sale.quantity}
          <br />
          <span className="muted">
            Order {sale.orderId.slice(0, 8).toUpperCase()} · {formatGulfDateTime(sale.createdAt)}
          </span>
        </span>
        <Money fils={sale.lineTotal} />
      </div>
      <div className="sale-card__contact">
        <FulfilmentBadge status={sale.status} />
        {sale.delivery ? (
          <address>
            <strong>{sale.buyer.username}</strong> · <a href={`tel:${sale.delivery.phone}`}>{sale.delivery.phone}</a>
            <br />
            {sale.delivery.street}, {sale.delivery.area}, {sale.emirate} · Cash on delivery
          </address>
        ) : (
          <p className="muted">
            Won at auction by <strong>{sale.buyer.username}</strong> · awaiting their delivery address
          </p>
        )}
      </div>
      {next.length > 0 && (
        <div className="sale-card__actions">
          {next.map((status) => (
            <button
              key={status}
              type="button"
              className={`btn btn--small ${status === 'cancelled' ? 'btn--ghost' : 'btn--primary'}`}
              disabled={move.isPending}
              onClick={() => void go(status)}
            >
              {ACTION[status]}
            </button>
          ))}
        </div>
      )}
      <FormError message={move.error ? move.error.message : null} />
      {confirmDialog}
    </article>
  );
}
