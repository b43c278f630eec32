import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  AUCTION_DURATIONS,
  CLOSING_STYLES,
  MAX_AUCTION_MS,
  MIN_AUCTION_MS,
  MSG,
  SOFT_CLOSE_MS,
  type AuctionDuration,
  type ClosingStyle,
} from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { formatGulfDateTime, gulfInputValue } from '../../components/dates';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Modal } from '../../components/Modal';
import { MoneyInput } from '../../components/MoneyInput';
import { useForm } from '../../components/useForm';
import { useT, type MessageKey } from '../../i18n';
import { useStartAuction } from './api';
import { closingLabel, durationLabel } from './status';
import { checkStart, EMPTY_START, plannedEnd, type StartValues } from './start-auction-form';

interface Props {
  product: { id: string; title: string };
  onClose: () => void;
}

const DURATIONS: Array<AuctionDuration | 'custom'> = [
  ...(Object.keys(AUCTION_DURATIONS) as AuctionDuration[]),
  'custom',
];

const CLOSING_HELP: Record<ClosingStyle, MessageKey> = {
  soft: 'auctions.start.softHelp',
  sudden: 'auctions.start.suddenHelp',
};

/** Move to Auction: starting bid, how long, an optional reserve, and the closing style. */
export function MoveToAuctionDialog({ product, onClose }: Props) {
  const { t, m, locale } = useT();
  const ids = useId();
  const navigate = useNavigate();
  const start = useStartAuction(product.id);
  // In a dialog, a 401 is said here, above the buttons, rather than a trip to the login page that would close it.
  const form = useForm({
    initial: EMPTY_START,
    check: (values: StartValues) => checkStart(values, serverNow()),
    summary: MSG.correctErrors,
    signInHere: true,
    focusOnlyFields: true,
  });
  const { values, fields, error, pending } = form;
  // The picker's bounds, from the server's clock, fixed while the dialog is open.
  const [bounds] = useState(() => {
    const now = serverNow();
    return { min: gulfInputValue(now + MIN_AUCTION_MS + 60_000), max: gulfInputValue(now + MAX_AUCTION_MS) };
  });

  function set<K extends keyof StartValues>(name: K, value: StartValues[K]) {
    form.edit(name, value);
    // The red line goes with the last message it summed up.
    if (Object.keys(fields).every((field) => field === name)) form.setError(null);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => {
      const { id } = await start.mutateAsync(data);
      navigate(`/auction/${id}`);
    });
  }

  const end = plannedEnd(values, serverNow());
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

        <fieldset className="choice-field" aria-describedby={fields.duration ? `${ids}-duration-error` : undefined}>
          <legend>{t('auctions.start.duration')}</legend>
          <div className="choice-chips">
            {DURATIONS.map((d) => (
              <label key={d} className={`choice-chip${values.duration === d ? ' choice-chip--on' : ''}`}>
                <input
                  type="radio"
                  className="sr-only"
                  name="duration"
                  value={d}
                  checked={values.duration === d}
                  disabled={pending}
                  aria-invalid={fields.duration ? true : undefined}
                  onChange={() => set('duration', d)}
                />
                {d === 'custom' ? t('auctions.start.pickDate') : durationLabel(t, d)}
              </label>
            ))}
          </div>
          {fields.duration && (
            <small id={`${ids}-duration-error`} className="field__error">
              {m(fields.duration)}
            </small>
          )}
        </fieldset>
        {values.duration === 'custom' && (
          <Field
            label={t('auctions.start.endsAt')}
            error={fields.endsAt && m(fields.endsAt)}
            hint={t('auctions.start.endsAtHint')}
          >
            {(c) => (
              <input
                {...c}
                type="datetime-local"
                name="endsAt"
                value={values.endsAt}
                min={bounds.min}
                max={bounds.max}
                disabled={pending}
                onChange={(e) => set('endsAt', e.target.value)}
              />
            )}
          </Field>
        )}
        <p className="start-auction__end" aria-live="polite">
          {end !== null && Number.isFinite(end)
            ? t(values.duration === 'custom' ? 'auctions.page.endsOn' : 'auctions.start.endsAbout', {
                date: formatGulfDateTime(new Date(end).toISOString(), locale),
              })
            : ''}
        </p>

        <fieldset className="choice-field">
          <legend>{t('auctions.start.closingStyle')}</legend>
          <div className="closing-styles">
            {(Object.keys(CLOSING_STYLES) as ClosingStyle[]).map((style) => (
              <label
                key={style}
                className={`closing-style${values.closingStyle === style ? ' closing-style--on' : ''}`}
              >
                <input
                  type="radio"
                  name="closingStyle"
                  value={style}
                  checked={values.closingStyle === style}
                  disabled={pending}
                  onChange={() => set('closingStyle', style)}
                />
                <span>
                  <strong>
                    {closingLabel(t, style)}
                    {style === 'soft' && <span className="field__optional"> {t('auctions.start.recommended')}</span>}
                  </strong>
                  <span className="closing-style__help">
                    {t(CLOSING_HELP[style], { minutes: SOFT_CLOSE_MS / 60_000 })}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {fields.closingStyle && <small className="field__error">{m(fields.closingStyle)}</small>}
        </fieldset>

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
