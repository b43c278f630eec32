import { createCancelRequests } from './cancel-requests.js';
import { createSecondChance } from './second-chance.js';
import { createSecondChanceViews } from './second-chance-views.js';
import type { Strikes } from './strikes.js';
import { createWinsTell, type WinsDeps, type WinsTell } from './wins-tell.js';

export type { WinsDeps } from './wins-tell.js';

/** What auctions completes the unpaid-win flow with: its news, its transactions, its strikes. */
export interface UnpaidWinParts extends WinsTell {
  strike: Strikes['strike'];
}

/** The unpaid-win flow (flows/unpaid-win.ts) as auctions is handed it: its sweep, once completed. */
export type UnpaidWinFlow = (parts: UnpaidWinParts) => { sweep(): Promise<number> };

/**
 * Winners who don't pay (issue 31, ADR 0037): the sweep that reminds winners and cancels what is
 * past its deadline with a strike (a flow, flows/unpaid-win.ts), the winner's request to cancel and the seller's answer, and
 * the second-chance offer to the runner-up. Orders' rows change only through the orders port's
 * conditional updates; the strikes, the offers and the news are written in the same transaction.
 */
export function createWins(deps: WinsDeps & { unpaidWin: UnpaidWinFlow }) {
  const telling = createWinsTell(deps);
  const views = createSecondChanceViews(deps);
  return {
    ...deps.unpaidWin({ ...telling, strike: deps.strikes.strike }),
    ...createCancelRequests(deps, telling),
    ...createSecondChance(deps, telling, views),
    forAuctionPage: views.forAuctionPage,
    mayRelistLostSale: views.mayRelistLostSale,
  };
}

export type Wins = ReturnType<typeof createWins>;
