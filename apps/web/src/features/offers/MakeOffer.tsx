import { useState } from 'react';
import { Link } from 'react-router';
import { MSG, type Offer } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { Money } from '../../components/Money';
import { MoneyInput } from '../../components/MoneyInput';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useMakeOffer, useOfferTerms } from './api';
import { amountCheck } from './amount';
import './offers.css';

interface Props {
  product: { id: string; title: string; price: number };
  /** The page's gate (signed in, verified email) before the dialog opens. */
  allowed: () => boolean;
}

/** "Make an offer" on a fixed-price product whose seller takes offers: the button, and its dialog. */
export function MakeOffer({ product, allowed }: Props) {
  const { t } = useT();
  const terms = useOfferTerms(product.id);
  const [open, setOpen] = useState(false);
  if (!terms.data?.allow || terms.data.available === 0) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--block offer-button"
        data-testid="make-offer"
        onClick={() => allowed() && setOpen(true)}
      >
        {t('offers.make')}
      </button>
      {open && <OfferDialog product={product} onClose={() => setOpen(false)} />}
    </>
  );
}

function OfferDialog({ product, onClose }: { product: Props['product']; onClose: () => void }) {
  const { t, m } = useT();
  const make = useMakeOffer(product.id);
  const [made, setMade] = useState<Offer | null>(null);
  const form = useForm({
    initial: { amount: '' },
    check: (v) => amountCheck(v.amount, { below: product.price }),
  });
  const belowFloor = made?.declined === 'below_floor';
  return (
    <Modal title={t('offers.dialogTitle')} onClose={() => !form.pending && onClose()} testId="offer-dialog">
      <p className="muted offer-dialog__product">
        <bdi>{product.title}</bdi> · <Money fils={product.price} />
      </p>
      {made ? (
        <div className="offer-dialog__done" role="status" data-testid="offer-made">
          <p>{belowFloor ? m(MSG.offerBelowFloor) : t('offers.sent')}</p>
          <div className="modal__actions">
            {belowFloor ? (
              <button type="button" className="btn btn--primary" onClick={() => setMade(null)} autoFocus>
                {t('offers.tryAgain')}
              </button>
            ) : (
              <Link to="/offers" className="btn btn--primary" autoFocus>
                {t('offers.seeMine')}
              </Link>
            )}
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('offers.close')}
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void form.submit(e, async ({ amount }) => setMade(await make.mutateAsync(amount)))}
        >
          <Field label={t('offers.yourOffer')} error={form.fields.amount} hint={t('offers.hint')}>
            {(c) => <MoneyInput {...c} {...form.bind('amount')} disabled={form.pending} autoFocus />}
          </Field>
          <FormError message={form.fields.amount ? null : form.error} />
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" disabled={form.pending} onClick={onClose}>
              {t('offers.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={form.pending} data-testid="send-offer">
              {form.pending ? t('offers.sending') : t('offers.send')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
