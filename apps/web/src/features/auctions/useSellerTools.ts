import { useState } from 'react';
import { useNavigate } from 'react-router';
import { productPath } from '@souq/shared';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useCancelAuction, useRelistFixed } from './api';

/** SellerTools' state: which dialog is open, and cancelling or relisting with their wait and error. */
export function useSellerTools(auctionId: string) {
  const cancelAuction = useCancelAuction(auctionId);
  const relistFixed = useRelistFixed(auctionId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [relisting, setRelisting] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answerGate = useGateErrorHandler();

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      // A 401 is said here, next to the buttons, like the rest of the auction page.
      if (!answerGate(err, { signInHere: true })) setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }

  const cancel = () =>
    run(async () => {
      await cancelAuction.mutateAsync();
      setConfirming(false);
    });

  const backToFixedPrice = (productId: string) =>
    run(async () => {
      await relistFixed.mutateAsync();
      navigate(productPath(productId));
    });

  return { confirming, setConfirming, relisting, setRelisting, pending, error, cancel, backToFixedPrice };
}
