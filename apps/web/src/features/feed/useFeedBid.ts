import { useRef } from 'react';
import { MSG, type FeedItem } from '@souq/shared';
import { bidProblemOf, isRetryable } from '../../api/bids';
import { useT } from '../../i18n';
import { newIdempotencyKey, useBidMinimum } from './api';
import type { CardFeedback } from './useCardFeedback';

/** The card's bid: the auction's minimum next bid, answered in the card's note (or its login prompt). */
export function useFeedBid(item: FeedItem, feedback: CardFeedback) {
  const { m } = useT();
  const bidMinimum = useBidMinimum();
  const { busy, setBusy, setNote, setLogin, allowed, answerGate } = feedback;
  /** The last bid that got no clear answer: tapping again resends it with its key, so it bids once. */
  const unanswered = useRef<{ amount: number; key: string } | null>(null);

  return async function bid() {
    if (item.kind !== 'auction' || busy || !allowed('bid', true)) return;
    const amount = item.minimumBid;
    const key = unanswered.current?.amount === amount ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { amount, key };
    const id = item.id;
    setBusy('bid');
    try {
      const result = await bidMinimum.mutateAsync({ id, amount, key });
      unanswered.current = null;
      setNote({ tone: result.leading ? 'ok' : 'warn', text: m(result.message) });
    } catch (error) {
      if (!isRetryable(error)) unanswered.current = null;
      const problem = bidProblemOf(error);
      if (problem.kind === 'login') setLogin('bid');
      else if (problem.kind === 'verify') answerGate(error, { signInHere: true });
      else if (problem.kind === 'fields')
        setNote({ tone: 'error', text: m(Object.values(problem.fields)[0] ?? MSG.bidFailed) });
      else setNote({ tone: 'error', text: m(problem.message) });
    } finally {
      setBusy(null);
    }
  };
}
