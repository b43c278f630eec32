import { createCancelRequests } from './cancel-requests.js';
import { createSecondChance } from './second-chance.js';
import { createSecondChanceViews } from './second-chance-views.js';
import { createUnpaidSweep } from './unpaid-sweep.js';
import { createWinsTell, type WinsDeps } from './wins-tell.js';

export type { WinsDeps } from './wins-tell.js';

/**
 * Winners who don't pay (issue 31, ADR 0037): the sweep that reminds winners and cancels what is
 * past its deadline with a strike, the winner's request to cancel and the seller's answer, and
 * the second-chance offer to the runner-up. Orders' rows change only through the orders port's
 * conditional updates; the strikes, the offers and the news are written in the same transaction.
 */
export function createWins(deps: WinsDeps) {
  const telling = createWinsTell(deps);
  const views = createSecondChanceViews(deps);
  return {
    ...createUnpaidSweep(deps, telling),
    ...createCancelRequests(deps, telling),
    ...createSecondChance(deps, telling, views),
    forAuctionPage: views.forAuctionPage,
    mayRelistLostSale: views.mayRelistLostSale,
  };
}

export type Wins = ReturnType<typeof createWins>;
