import { useRef, useState, type FormEvent } from 'react';
import { filsToAmount, type AuctionDetail, type BidResult } from '@souq/shared';
import { useForm, type Refusal } from '../../components/useForm';
import { bidProblemOf, isRetryable, newIdempotencyKey, placeBid } from '../../api/bids';
import { checkBid } from './bid-check';

export interface BidProps {
  auction: AuctionDetail;
  /** The verified-email gate; false stops the bid (it has opened the prompt). */
  allowed: () => boolean;
  onResult: (result: BidResult) => void;
  /** The server says bidding is over: the page reads the auction again. */
  onEnded: () => void;
}

type Outcome = { leading: boolean; message: string };

/** BidForm's state: the amounts, sending the bid (with its key kept for a retry) and the server's answer. */
export function useBid({ auction, allowed, onResult, onEnded }: BidProps) {
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
  const amount = form.values.amount ?? filsToAmount(minimum);
  const chosen = checkBid({ amount, maxAmount: '' }, 0);
  const chosenFils = chosen.ok ? chosen.data.amount : null;

  function submit(e: FormEvent<HTMLFormElement>) {
    if (form.pending || !allowed()) return e.preventDefault();
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

  return { form, amount, chosenFils, outcome, needsLogin, canRetry, submit };
}
