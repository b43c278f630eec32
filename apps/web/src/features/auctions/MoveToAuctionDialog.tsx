import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { MoneyInput } from '../../components/MoneyInput';
import { useT } from '../../i18n';
import { ClosingStyleChoice } from './ClosingStyleChoice';
import { DurationChoice } from './DurationChoice';
import { useMoveToAuction } from './useMoveToAuction';

interface Props {
  product: { id: string; title: string };
  onClose: () => void;
}

/** Move to Auction: starting bid, how long, an optional reserve, and the closing style. */
export function MoveToAuctionDialog({ product, onClose }: Props) {
  const { t, m } = useT();
  const { form, bounds, set, submit } = useMoveToAuction(product.id);
  const { values, fields, error, pending } = form;
  return (
    <Modal title={t('auctions.start.title')} wide onClose={() => !pending && onClose()} testId="move-to-auction">
      <p className="muted start-auction__product">{product.title}</p>
      <form className="start-auction" noValidate onSubmit={submit}>
        <div className="form-row">
          <Field
            label={t('auctions.startingBid')}
            error={fields.startingBid && m(fields.startingBid)}
            hint={t('auctions.start.startingBidHint')}
          >
            {(c) => (
              <MoneyInput
                {...c}
                name="startingBid"
                value={values.startingBid}
                disabled={pending}
                onChange={(e) => set('startingBid', e.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('auctions.start.reserve')}
            optional
            error={fields.reservePrice && m(fields.reservePrice)}
            hint={t('auctions.start.reserveHint')}
          >
            {(c) => (
              <MoneyInput
                {...c}
                name="reservePrice"
                value={values.reservePrice}
                disabled={pending}
                placeholder={t('auctions.start.noReserve')}
                onChange={(e) => set('reservePrice', e.target.value)}
              />
            )}
          </Field>
        </div>

        <DurationChoice values={values} fields={fields} pending={pending} set={set} bounds={bounds} />

        <ClosingStyleChoice values={values} fields={fields} pending={pending} set={set} />

        <FormError message={error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            {t('auctions.start.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending} data-testid="start-auction">
            {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
            {pending ? t('auctions.start.starting') : t('auctions.start.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
