/**
 * When to offer push messages (issue 48): after a person's first bid, first follow or first
 * "Remind me", when news is worth a locked screen, and never on a first visit. Kept in this
 * browser: `due` once they did one, `settled` once they said yes or not now.
 */
const KEY = 'souq.push-offer';
export const PUSH_OFFER_EVENT = 'souq:push-offer';

type OfferState = 'due' | 'settled' | null;

function read(): OfferState {
  try {
    return localStorage.getItem(KEY) as OfferState;
  } catch {
    // Storage refused (a private window's quota): no offer, rather than one on every page.
    return 'settled';
  }
}

function write(state: Exclude<OfferState, null>): void {
  try {
    localStorage.setItem(KEY, state);
  } catch {
    return;
  }
  window.dispatchEvent(new Event(PUSH_OFFER_EVENT));
}

export const pushOfferState = read;

/** A bid, a follow or a reminder went through: the offer is due, if it never was. */
export function noteEngaged(): void {
  if (typeof window !== 'undefined' && read() === null) write('due');
}

/** The person answered the offer (yes, or not now): it is not made again in this browser. */
export const settlePushOffer = () => write('settled');
