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
import { useStartAuction } from './api';
import { checkStart, EMPTY_START, plannedEnd, type StartValues } from './start-auction-form';

interface Props {
  product: { id: string; title: string };
  onClose: () => void;
}

const DURATIONS = [
  ...(Object.keys(AUCTION_DURATIONS) as AuctionDuration[]).map((d) => ({
    value: d,
    label: AUCTION_DURATIONS[d].label,
  })),
  { value: 'custom' as const, label: 'Pick a date' },
];

const CLOSING_HELP: Record<ClosingStyle, string> = {
  soft: `A bid in the last ${SOFT_CLOSE_MS / 60_000} minutes extends the end to ${SOFT_CLOSE_MS / 60_000} minutes after it, so nobody wins by bidding at the last second.`,
  sudden: 'The auction ends exactly on time, whatever happens in the last seconds.',
};

/** Move to Auction: starting bid, how long, an optional reserve, and the closing style. */
export function MoveToAuctionDialog({ product, onClose }: Props) {
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
    <Modal title="Move to Auction" wide onClose={() => !pending && onClose()} testId="move-to-auction">
      <p className="muted start-auction__product">{product.title}</p>
      <form className="start-auction" noValidate onSubmit={submit}>
        <div className="form-row">
          <Field label="Starting bid" error={fields.startingBid} hint="The first bid must be at least this.">
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
            label="Reserve price"
            optional
            error={fields.reservePrice}
            hint="The least you'll sell for. Bidders only see whether it is met."
          >
            {(c) => (
              <MoneyInput
                {...c}
                name="reservePrice"
                value={values.reservePrice}
                disabled={pending}
                placeholder="No reserve"
                onChange={(e) => set('reservePrice', e.target.value)}
              />
            )}
          </Field>
        </div>

        <fieldset className="choice-field" aria-describedby={fields.duration ? `${ids}-duration-error` : undefined}>
          <legend>Duration</legend>
          <div className="choice-chips">
            {DURATIONS.map((d) => (
              <label key={d.value} className={`choice-chip${values.duration === d.value ? ' choice-chip--on' : ''}`}>
                <input
                  type="radio"
                  className="sr-only"
                  name="duration"
                  value={d.value}
                  checked={values.duration === d.value}
                  disabled={pending}
                  aria-invalid={fields.duration ? true : undefined}
                  onChange={() => set('duration', d.value)}
                />
                {d.label}
              </label>
            ))}
          </div>
          {fields.duration && (
            <small id={`${ids}-duration-error`} className="field__error">
              {fields.duration}
            </small>
          )}
        </fieldset>
        {values.duration === 'custom' && (
          <Field label="Ends at (Gulf time)" error={fields.endsAt} hint="At least a minute from now, at most 30 days.">
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
            ? `Ends ${values.duration === 'custom' ? '' : 'about '}${formatGulfDateTime(new Date(end).toISOString())}`
            : ''}
        </p>

        <fieldset className="choice-field">
          <legend>Closing style</legend>
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
                    {CLOSING_STYLES[style]}
                    {style === 'soft' && <span className="field__optional"> (recommended)</span>}
                  </strong>
                  <span className="closing-style__help">{CLOSING_HELP[style]}</span>
                </span>
              </label>
            ))}
          </div>
          {fields.closingStyle && <small className="field__error">{fields.closingStyle}</small>}
        </fieldset>

        <FormError message={error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" disabled={pending} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending} data-testid="start-auction">
            {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
            {pending ? 'Starting…' : 'Start auction'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
