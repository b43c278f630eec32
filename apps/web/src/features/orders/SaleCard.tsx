import type { ReactNode } from 'react';
import { NEXT_FULFILMENT, type FulfilmentStatus, type Sale } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { useConfirm } from '../../components/useConfirm';
import { InvoiceLinks } from './InvoiceLinks';
import { useAnswerCancel, useMoveSale } from './api';
import { SaleContact } from './SaleContact';
import { RichText } from '../../components/RichText';
import { useT, type MessageKey } from '../../i18n';

/** The button that moves a sale to each status (nothing moves one back to placed). */
const ACTION: Record<Exclude<FulfilmentStatus, 'placed'>, MessageKey> = {
  confirmed: 'orders.sales.confirm',
  shipped: 'orders.sales.ship',
  delivered: 'orders.sales.deliver',
  cancelled: 'orders.sales.cancel',
};

/** One sold line: who to deliver to and call for the cash, and the next step the seller can take. */
export function SaleCard({ sale, extra }: { sale: Sale; extra?: ReactNode }) {
  const move = useMoveSale();
  const answer = useAnswerCancel();
  const [ask, confirmDialog] = useConfirm();
  const { t, m, locale } = useT();
  const next = sale.delivery ? NEXT_FULFILMENT[sale.status] : [];

  async function go(status: FulfilmentStatus) {
    if (
      status === 'cancelled' &&
      !(await ask({
        title: t('orders.sales.cancelTitle'),
        body: t('orders.sales.cancelBody'),
        confirmLabel: t('orders.sales.cancel'),
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
          <RichText
            id="orders.checkout.line"
            values={{ quantity: sale.quantity }}
            parts={{ title: <strong>{sale.title}</strong> }}
          />
          <br />
          <span className="muted">
            <RichText
              id="orders.sales.orderAt"
              values={{ date: m(formatGulfDateTime(sale.createdAt, locale)) }}
              parts={{ id: <bdi>{sale.orderId.slice(0, 8).toUpperCase()}</bdi> }}
            />
          </span>
        </span>
        <Money fils={sale.lineTotal} />
      </div>
      <SaleContact sale={sale} />
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
              {status === 'placed' ? null : t(ACTION[status])}
            </button>
          ))}
        </div>
      )}
      {sale.orderStatus === 'awaiting_address' && sale.completeBy && (
        <p className="muted" data-testid="sale-complete-by">
          {t('wins.sale.completeBy', { date: formatGulfDateTime(sale.completeBy, locale) })}
        </p>
      )}
      {sale.cancelAsked && (
        // The winner changed their mind (issue 31): agreeing spares them the strike.
        <div className="sale-card__actions" data-testid="cancel-asked">
          <p>{t('wins.sale.cancelAsked')}</p>
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ lineId: sale.id, agree: true })}
            data-testid="agree-cancel"
          >
            {t('wins.sale.agree')}
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ lineId: sale.id, agree: false })}
            data-testid="decline-cancel"
          >
            {t('wins.sale.decline')}
          </button>
        </div>
      )}
      <InvoiceLinks documents={sale.documents} />
      <FormError message={move.error ? move.error.message : answer.error ? answer.error.message : null} />
      {extra}
      {confirmDialog}
    </article>
  );
}
