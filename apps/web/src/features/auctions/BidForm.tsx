import { useRef, useState, type FormEvent } from 'react';
import {
  MSG,
  bidCapReached,
  filsToAmount,
  formatMoney,
  quickBids,
  type AuctionDetail,
  type BidResult,
} from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { useForm, type Refusal } from '../../components/useForm';
import { bidProblemOf, isRetryable, newIdempotencyKey, placeBid } from '../../api/bids';
import { LoginToBid } from '../../components/LoginPrompt';
import { useT } from '../../i18n';
import { bidFieldText, checkBid } from './bid-check';

interface Props {
  auction: AuctionDetail;
  /** The verified-email gate; false stops the bid (it has opened the prompt). */
  allowed: () => boolean;
  onResult: (result: BidResult) => void;
  /** The server says bidding is over: the page reads the auction again. */
  onEnded: () => void;
}

type Outcome = { leading: boolean; message: string };

/**
 * The bid: pre-filled with the minimum (and following it while untouched), three quick amounts,
 * an optional maximum the server bids up to, and the server's answer in words.
 */
export function BidForm({ auction, allowed, onResult, onEnded }: Props) {
  const i18n = useT();
  const { t, m, locale } = i18n;
  const minimum = auction.minimumBid;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  const [canRetry, setCanRetry] = useState(false);
  /** The last attempt that got no clear answer: sent again unchanged, it keeps its key. */
  const unanswered = useRef<{ key: string; body: string } | null>(null);

  /** What the server's refusal means for the bidder, in the words bidProblemOf chose. */
  function refusalOfBid(err: unknown): Refusal {
    const problem = bidProblemOf(err);
    switch (problem.kind) {
      case 'fields':
        return { message: null, fields: problem.fields };
      case 'message':
        return { message: problem.message };
      case 'ended':
        onEnded();
        return { message: problem.message };
      case 'login':
        setNeedsLogin(true);
        return { message: null };
      case 'verify':
        // The verify prompt, opened by the gates, says it.
        return { message: null };
    }
  }

  // `amount` null follows the minimum while the bidder has not typed or picked one.
  const form = useForm({
    initial: { amount: null as string | null, maxAmount: '' },
    check: (values) =>
      checkBid({ amount: values.amount ?? filsToAmount(minimum), maxAmount: values.maxAmount }, minimum),
    onFailure: refusalOfBid,
    // The form offers sign-in in place (LoginToBid) rather than a trip to the login page.
    signInHere: true,
    focusOnlyFields: true,
  });
  const { fields, error, pending } = form;
  const amount = form.values.amount ?? filsToAmount(minimum);
  const maxAmount = form.values.maxAmount;
  const options = quickBids(minimum);
  const chosen = checkBid({ amount, maxAmount: '' }, 0);
  const chosenFils = chosen.ok ? chosen.data.amount : null;

  if (needsLogin) return <LoginToBid />;
  if (bidCapReached(auction.currentBid)) {
    return (
      <p className="muted" role="status" data-testid="bid-cap-reached">
        {m(MSG.bidCapReached)}
      </p>
    );
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    if (pending || !allowed()) return e.preventDefault();
    setOutcome(null);
    setCanRetry(false);
    void form.submit(e, async (data) => {
      const body = JSON.stringify(data);
      const key = unanswered.current?.body === body ? unanswered.current.key : newIdempotencyKey();
      unanswered.current = { key, body };
      try {
        const result = await placeBid(auction.id, data, key);
        unanswered.current = null;
        onResult(result);
        setOutcome({ leading: result.leading, message: result.message });
        form.setValues({ amount: null, maxAmount: '' });
      } catch (err) {
        if (isRetryable(err)) setCanRetry(true);
        else unanswered.current = null;
        throw err;
      }
    });
  }

  const below = chosenFils !== null && chosenFils < minimum && !fields.amount;
  return (
    <form className="bid-form" noValidate onSubmit={submit} data-testid="bid-form">
      {auction.amLeading && <p className="hint bid-form__leading">{t('auctions.bid.leading')}</p>}
      <div className="bid-form__quick" role="group" aria-label={t('auctions.bid.quick')}>
        {options.map((fils) => (
          <button
            key={fils}
            type="button"
            className={`bid-form__chip${chosenFils === fils ? ' bid-form__chip--on' : ''}`}
            aria-pressed={chosenFils === fils}
            disabled={pending}
            onClick={() => {
              form.setValues((v) => ({ ...v, amount: filsToAmount(fils) }));
              form.setFields({});
            }}
          >
            {formatMoney(fils, locale)}
          </button>
        ))}
      </div>
      <Field
        label={t('auctions.bid.yourBid')}
        error={bidFieldText(fields.amount, i18n)}
        hint={t(below ? 'auctions.bid.minimumNow' : 'auctions.bid.enterAtLeast', {
          minimum: formatMoney(minimum, locale),
        })}
      >
        {(c) => (
          <MoneyInput
            {...c}
            name="amount"
            value={amount}
            disabled={pending}
            onChange={(e) => form.edit('amount', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('auctions.bid.max')}
        optional
        error={bidFieldText(fields.maxAmount, i18n)}
        hint={t('auctions.bid.maxHint')}
      >
        {(c) => (
          <MoneyInput
            {...c}
            name="maxAmount"
            value={maxAmount}
            disabled={pending}
            placeholder={t('auctions.bid.noMax')}
            onChange={(e) => form.edit('maxAmount', e.target.value)}
          />
        )}
      </Field>
      <FormError message={error} />
      {canRetry && <p className="hint bid-form__retry">{t('auctions.bid.retry')}</p>}
      <button
        type="submit"
        className="btn btn--primary btn--block bid-form__submit"
        disabled={pending}
        data-testid="place-bid"
      >
        {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
        {pending
          ? t('auctions.bid.placing')
          : chosenFils !== null
            ? t('auctions.bid.placeAmount', { amount: formatMoney(chosenFils, locale) })
            : t('auctions.bid.place')}
      </button>
      <p
        className={`bid-form__outcome${outcome ? (outcome.leading ? ' notice notice--ok' : ' notice notice--warn') : ''}`}
        role="status"
        data-testid="bid-outcome"
      >
        {outcome && m(outcome.message)}
      </p>
    </form>
  );
}
