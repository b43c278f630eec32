import { auctionRoom } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';
import type { SocketParts } from '../../realtime/types.js';

/** Watching an auction is open to anyone; its changes go to everyone watching. */
export const auctionsSocket: SocketParts = {
  handlers: {
    'auction:watch': (session, { auctionId }) => {
      try {
        session.join(auctionRoom(auctionId));
      } catch {
        throw new DomainError('RATE_LIMITED', 'Watch at most 100 auctions at once.');
      }
    },
    'auction:unwatch': (session, { auctionId }) => session.leave(auctionRoom(auctionId)),
  },
  onEvent(event, out) {
    if (event.type === 'auction.changed') out.to(auctionRoom(event.auctionId)).emit('auction:update', event.update);
  },
};
