import { useRef, useState, type FormEvent } from 'react';
import { MSG, bidCapReached, filsToAmount, formatAED, quickBids, type AuctionDetail, type BidResult, type FieldErrors } from '@souq/shared';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { MoneyInput } from '../../components/MoneyInput';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { bidProblemOf, isRetryable, newIdempotencyKey, placeBid } from '../../api/bids';
import { LoginToBid } from '../../components/LoginPrompt';
import { checkBid } from './bid-form';

interface Props {
  auction: AuctionDetail;
  /** The verified-email gate; false stops the bid (it has opened the prompt). */
  allowed: () => boolean;
  /** Opens the verification prompt when the server answers EMAIL_NOT_VERIFIED. */
  onGateError: (error: unknown) => boolean;
  onResult: (result: BidResult) => void;
  /** The server says bidding is over: the page reads the auction again. */
  onEnded: () => void;
}

type Outcome = { leading: boolean; message: string };

/**
 * The bid: pre-filled with the minimum (and following it while untouched), three quick amounts,
 * an optional maximum the server bids up to, and the server's answer in words.
 */
export function BidForm({ auction, allowed, onGateError, onResult, onEnded }: Props) {
  const minimum = auction.minimumBid;
  const [typed, setTyped] = useState<string | null>(null);
  const [maxAmount, setMaxAmount] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  const [pending, setPending] = useState(false);
  const [canRetry, setCanRetry] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const showErrors = useFocusFirstInvalid(form);
  /** The last attempt that got no clear answer: sent again unchanged, it keeps its key. */
  const unanswered = useRef<{ key: string; body: string } | null>(null);

  const amount = typed ?? filsToAmount(minimum);
  const options = quickBids(minimum);
  const chosen = checkBid({ amount, maxAmount: '' }, 0);
  const chosenFils = chosen.ok ? chosen.data.amount : null;

  if (needsLogin) return <LoginToBid />;
  if (bidCapReached(auction.currentBid)) {
    return (
      <p className="muted" role="status" data-testid="bid-cap-reached">
        {MSG.bidCapReached}
      </p>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending || !allowed()) return;
    setOutcome(null);
    setError(null);
    setCanRetry(false);
    const checked = checkBid({ amount, maxAmount }, minimum);
    if (!checked.ok) {
      setFields(checked.fields);
      showErrors();
      return;
    }
    setFields({});
    const body = JSON.stringify(checked.data);
    const key = unanswered.current?.body === body ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { key, body };
    setPending(true);
    try {
      const result = await placeBid(auction.id, checked.data, key);
      unanswered.current = null;
      onResult(result);
      setOutcome({ leading: result.leading, message: result.message });
      setTyped(null);
      setMaxAmount('');
    } catch (err) {
      if (isRetryable(err)) setCanRetry(true);
      else unanswered.current = null;
      const problem = bidProblemOf(err);
      if (problem.kind === 'verify') onGateError(err);
      else if (problem.kind === 'login') setNeedsLogin(true);
      else if (problem.kind === 'fields') {
        setFields(problem.fields);
        showErrors();
      } else if (problem.kind === 'ended') {
        setError(problem.message);
        onEnded();
      } else if (problem.kind === 'message') setError(problem.message);
    } finally {
      setPending(false);
    }
  }

  const below = chosenFils !== null && chosenFils < minimum && !fields.amount;
  return (
    <form ref={form} className="bid-form" noValidate onSubmit={(e) => void submit(e)} data-testid="bid-form">
      {auction.amLeading && <p className="hint bid-form__leading">You're winning. Bidding again raises your maximum: the price only rises when someone bids against you.</p>}
      <div className="bid-form__quick" role="group" aria-label="Quick bids">
        {options.map((fils) => (
          <button
            key={fils}
            type="button"
            className={`bid-form__chip${chosenFils === fils ? ' bid-form__chip--on' : ''}`}
            aria-pressed={chosenFils === fils}
            disabled={pending}
            onClick={() => {
              setTyped(filsToAmount(fils));
              setFields({});
            }}
          >
            {formatAED(fils)}
          </button>
        ))}
      </div>
      <Field label="Your bid" error={fields.amount} hint={below ? `The minimum bid is now ${formatAED(minimum)}.` : `Enter ${formatAED(minimum)} or more.`}>
        {(c) => (
          <MoneyInput
            {...c}
            name="amount"
            value={amount}
            disabled={pending}
            onChange={(e) => {
              setTyped(e.target.value);
              setFields(({ amount: _gone, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <Field label="Maximum bid" optional error={fields.maxAmount} hint="The most you'd pay; we bid for you, one step at a time, only as much as it takes to keep you in the lead.">
        {(c) => (
          <MoneyInput
            {...c}
            name="maxAmount"
            value={maxAmount}
            disabled={pending}
            placeholder="No maximum"
            onChange={(e) => {
              setMaxAmount(e.target.value);
              setFields(({ maxAmount: _gone, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <FormError message={error} />
      {canRetry && <p className="hint bid-form__retry">Press Place bid to try again. If your first try did reach us, the bid is not placed twice.</p>}
      <button type="submit" className="btn btn--primary btn--block bid-form__submit" disabled={pending} data-testid="place-bid">
        {pending && <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />}
        {pending ? 'Placing bid…' : chosenFils !== null ? `Place bid · ${formatAED(chosenFils)}` : 'Place bid'}
      </button>
      <p className={`bid-form__outcome${outcome ? (outcome.leading ? ' notice notice--ok' : ' notice notice--warn') : ''}`} role="status" data-testid="bid-outcome">
        {outcome?.message}
      </p>
    </form>
  );
}
