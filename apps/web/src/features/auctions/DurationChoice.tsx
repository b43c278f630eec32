import { useId } from 'react';
import { AUCTION_DURATIONS, type AuctionDuration } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { formatGulfDateTime } from '../../components/dates';
import { Field } from '../../components/Field';
import { useT } from '../../i18n';
import { durationLabel } from './status';
import { plannedEnd } from './start-auction-form';
import type { StartFieldsProps } from './useMoveToAuction';

const DURATIONS: Array<AuctionDuration | 'custom'> = [
  ...(Object.keys(AUCTION_DURATIONS) as AuctionDuration[]),
  'custom',
];

interface Props extends StartFieldsProps {
  /** The date picker's earliest and latest ends. */
  bounds: { min: string; max: string };
}

/** How long the auction runs: a set duration or a picked end, and when that is. */
export function DurationChoice({ values, fields, pending, set, bounds }: Props) {
  const { t, m, locale } = useT();
  const ids = useId();
  const end = plannedEnd(values, serverNow());
  return (
    <>
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
    </>
  );
}
