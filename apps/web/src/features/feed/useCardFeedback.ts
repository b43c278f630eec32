import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useGateErrorHandler } from '../../components/gate-errors';
import { useT } from '../../i18n';
import type { FeedGates } from './gates';

export type CardAction = 'like' | 'follow' | 'cart' | 'bid' | 'hide';
export type CardNote = { tone: 'ok' | 'warn' | 'error'; text: string; cart?: boolean } | null;

/** What a card says about its actions, in place: the login prompt, a note under them, the one under way. */
export function useCardFeedback(gates: FeedGates) {
  const { m } = useT();
  const answerGate = useGateErrorHandler();
  const [login, setLogin] = useState<CardAction | null>(null);
  const [note, setNote] = useState<CardNote>(null);
  const [busy, setBusy] = useState<CardAction | null>(null);

  /** Signed out: the login prompt in place of the action (never an alert). Signed in: the verified gate where the server wants one. */
  function allowed(action: CardAction, verified: boolean): boolean {
    setNote(null);
    if (gates.viewer === 'anonymous') {
      setLogin(action);
      return false;
    }
    setLogin(null);
    return !verified || gates.requireVerified();
  }

  function failed(action: CardAction, error: unknown, fallbackText: string) {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') setLogin(action);
    else if (!answerGate(error, { signInHere: true }))
      setNote({ tone: 'error', text: error instanceof ApiError ? m(error.message) : fallbackText });
  }

  return { login, setLogin, note, setNote, busy, setBusy, allowed, failed, answerGate };
}

export type CardFeedback = ReturnType<typeof useCardFeedback>;
