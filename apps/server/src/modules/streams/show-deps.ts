import type { Kysely } from 'kysely';
import { MSG } from '@souq/shared';
import type { IceSettings, VideoBackend } from '../../adapters/video/index.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { ShowParts } from './parts.js';
import * as q from './queries.js';

export interface StreamsDeps {
  db: Kysely<DB>;
  clock: Clock;
  media: MediaService;
  video: VideoBackend;
  ice: IceSettings;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  /** A show's lots are auctions' (its run sheet, bids, closes); its orders are orders'. */
  ports: { auctions: ShowAuctions; orders: Pick<OrdersPort, 'orderOfAuction' | 'showOrderOf'> };
  /** Counts a chat bid refused before the bid engine sees it, as the bid route counts a malformed body. */
  bidRefused: (reason: string) => void;
  /** Buy It Now, clips, reminders and moderation, built in their own files (parts.ts). */
  parts: ShowParts;
}

/** Who may do what to a show: it exists (`mustFind`), they host it (`hosted`), they host or moderate it (`moderated`). */
export function createShowAccess(deps: Pick<StreamsDeps, 'db' | 'parts'>) {
  const { db } = deps;
  async function mustFind(id: string) {
    const row = await q.findStream(db, id);
    if (!row) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    return row;
  }

  async function hosted(user: UserRow, id: string) {
    const row = await mustFind(id);
    if (row.host_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
    return row;
  }

  /** The host, or one of the host's moderators. */
  async function moderated(user: UserRow, id: string) {
    const row = await mustFind(id);
    if (!(await deps.parts.canModerate(user.id, row))) throw new DomainError('FORBIDDEN', MSG.notModerator);
    return row;
  }

  /**
   * The show as this person may read it: a rehearsal (issue 47) is the host's and their
   * moderators' alone, and reads as no show (404) to anyone else.
   */
  async function visible(viewerId: string | null, id: string) {
    const row = await mustFind(id);
    if (row.rehearsal_pace !== null && (viewerId === null || !(await deps.parts.canModerate(viewerId, row))))
      throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    return row;
  }

  return { mustFind, visible, hosted, moderated };
}

export type ShowAccess = ReturnType<typeof createShowAccess>;

/** What a show asks of auctions: its lots' run sheet, their bids and their closes. */
export type ShowAuctions = Pick<
  AuctionsPort,
  | 'addLot'
  | 'assertMayBid'
  | 'closeNow'
  | 'dropLot'
  | 'editLot'
  | 'liveState'
  | 'lotOf'
  | 'lotsOf'
  | 'moveLots'
  | 'nextLotPosition'
  | 'openLot'
  | 'placeBid'
>;
