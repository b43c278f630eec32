import { useT } from '../../i18n';

/** The one way to pay for now. */
export function CashOnDelivery() {
  const { t } = useT();
  return (
    <>
      <h2>{t('orders.payment.title')}</h2>
      <div className="payment-choice">
        <input type="radio" checked readOnly aria-label={t('orders.payment.cash_on_delivery')} />{' '}
        {t('orders.payment.cash_on_delivery')}
      </div>
    </>
  );
}
