import { useId, useState, type FormEvent } from 'react';
import { formatMoney, MSG, parseAmountToFils, type Lot } from '@souq/shared';
import { MoneyInput } from '../../../components/MoneyInput';
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
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = prebidInput(typed, lot.startingBid);
    if (!input.ok) {
      setProblem(
        input.problem === 'invalid'
          ? m(MSG.maxBidInvalid)
          : t('show.prebid.tooLow', { amount: formatMoney(lot.startingBid, locale) }),
      );
      document.getElementById(id)?.focus();
      return;
    }
    setProblem(null);
    save.mutate(
      { lotId: lot.id, maxAmount: input.maxAmount },
      {
        onSuccess: ({ maxAmount }) => {
          setSaved(maxAmount);
          setTyped('');
        },
        onError: (e) => setProblem(m(e.message)),
      },
    );
  }

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
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
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
