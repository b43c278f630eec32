import { useId, useState, type FormEvent } from 'react';
import { formatMoney, MSG, parseAmountToFils, type Lot } from '@souq/shared';
import type { FormCheck } from '../../../components/form-check';
import { MoneyInput } from '../../../components/MoneyInput';
import { useForm } from '../../../components/useForm';
import { useT } from '../../../i18n';
import { usePrebid } from './api';

/**
 * What the form sends, or why not: an amount in AED that is at least the lot's starting bid. The
 * server checks again; this saves a round trip and says it in the viewer's words.
 */
export function prebidInput(
  typed: string,
  startingBid: number,
): { ok: true; maxAmount: number } | { ok: false; problem: 'invalid' | 'tooLow' } {
  const fils = parseAmountToFils(typed);
  if (fils === null || fils <= 0) return { ok: false, problem: 'invalid' };
  if (fils < startingBid) return { ok: false, problem: 'tooLow' };
  return { ok: true, maxAmount: fils };
}

/** A verified viewer's maximum on one waiting lot; it bids for them (proxy rules) when the lot runs. */
export function PrebidForm({ streamId, lot, mine }: { streamId: string; lot: Lot; mine: number | undefined }) {
  const { t, m, locale } = useT();
  const save = usePrebid(streamId);
  const [saved, setSaved] = useState<number | null>(null);
  const id = useId();
  // The gates (sign-in, the verify prompt) answer a 401 or 403 here, as on every other form.
  const form = useForm({
    initial: { maxAmount: '' },
    check: ({ maxAmount }): FormCheck<number> => {
      const input = prebidInput(maxAmount, lot.startingBid);
      if (input.ok) return { ok: true, data: input.maxAmount };
      const problem =
        input.problem === 'invalid'
          ? MSG.maxBidInvalid
          : t('show.prebid.tooLow', { amount: formatMoney(lot.startingBid, locale) });
      return { ok: false, fields: { maxAmount: problem } };
    },
    // A refusal of the whole form is announced (role="alert") without taking the viewer from the show.
    focusOnlyFields: true,
  });
  // The check's words and the server's, each in the viewer's language.
  const said = form.fields.maxAmount ?? form.error;
  const problem = said ? m(said) : null;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, async (maxAmount) => {
      setSaved(null);
      const answer = await save.mutateAsync({ lotId: lot.id, maxAmount });
      setSaved(answer.maxAmount);
      form.setValues({ maxAmount: '' });
    });

  return (
    <form className="prebid" onSubmit={submit} noValidate data-testid="prebid-form">
      {mine !== undefined && (
        <p className="prebid__mine" data-testid="prebid-mine">
          {t('show.prebid.yours', { amount: formatMoney(mine, locale) })}
        </p>
      )}
      <label htmlFor={id} className="sr-only">
        {t('show.prebid.label', { title: lot.product.title })}
      </label>
      <div className="prebid__row">
        <MoneyInput
          id={id}
          {...form.bind('maxAmount')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {mine === undefined ? t('show.prebid.submit') : t('show.prebid.change')}
        </button>
      </div>
      <p id={`${id}-hint`} className="muted prebid__hint">
        {t('show.prebid.hint')}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="form-error" role="alert" data-testid="prebid-problem">
          {problem}
        </p>
      )}
      {saved !== null && !problem && (
        <p className="notice notice--ok" role="status" data-testid="prebid-saved">
          {t('show.prebid.saved', { amount: formatMoney(saved, locale) })}
        </p>
      )}
    </form>
  );
}
