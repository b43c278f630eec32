import { useState } from 'react';
import { Link } from 'react-router';
import type { AuctionDetail } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { useAddressBook } from '../../features/addresses/api';
import { CompleteAddressForm } from '../../features/orders/CompleteAddressForm';
import { richT, useT } from '../../i18n';

/** The winner's next step: the delivery address completes the order the close created. */
export function WinnerOrder({ order, onDone }: { order: NonNullable<AuctionDetail['order']>; onDone: () => void }) {
  const { t, locale } = useT();
  const [open, setOpen] = useState(false);
  if (order.status === 'cancelled') {
    return (
      <p className="notice notice--warn" data-testid="order-cancel-reason">
        {t(order.cancelReason === 'buyer_asked' ? 'wins.order.cancelledAsked' : 'wins.order.cancelledUnpaid')}
      </p>
    );
  }
  if (order.status !== 'awaiting_address') {
    return (
      <p className="notice notice--ok" data-testid="order-complete">
        {richT(t, 'auctions.page.orderPlaced', {
          link: <Link to="/MyAccount?tab=orders">{t('auctions.page.viewOrders')}</Link>,
        })}
      </p>
    );
  }
  // The deadline (issue 31): past it the order is cancelled as unpaid and the winner gets a strike.
  const deadline = order.completeBy && (
    <p className="notice notice--warn" data-testid="complete-by">
      {t('wins.order.completeBy', { date: formatGulfDateTime(order.completeBy, locale) })}
    </p>
  );
  if (!open) {
    return (
      <>
        {deadline}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setOpen(true)}
          data-testid="complete-order"
        >
          {t('auctions.page.completeOrder')}
        </button>
      </>
    );
  }
  return <WinnerAddress orderId={order.id} onDone={onDone} />;
}

/** The address form, filled with the winner's default address once the book has answered. */
function WinnerAddress({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const book = useAddressBook();
  if (book.isPending) return null;
  return <CompleteAddressForm orderId={orderId} saved={book.data?.find((a) => a.isDefault)} onDone={onDone} />;
}
