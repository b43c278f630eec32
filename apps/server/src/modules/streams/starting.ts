import crypto from 'node:crypto';
import { MSG, SCHEDULE_MAX_MS, STREAM_COVER_MAX_BYTES, type StartStreamInput } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import '../../lib/listings.js';
import { DomainError } from '../../lib/errors.js';
import type { UploadSource } from '../../media/images.js';
import type { ShowAccess, StreamsDeps } from './show-deps.js';
import type { ShowScreen } from './show-screen.js';
import * as q from './queries.js';
import { startRecording } from './replays-queries.js';
import { showPath } from './reminders.js';

/** A new show's lots, each with its id: the one-product form's lot first, run for the show's length. */
function lotsOfNewShow(input: StartStreamInput, lengthMs: number) {
  return [
    ...(input.productId !== undefined && input.startingBid !== undefined
      ? [
          {
            productId: input.productId,
            startingBid: input.startingBid,
            seconds: lengthMs / 1000,
            closingStyle: 'sudden' as const,
          },
        ]
      : []),
    ...(input.lots ?? []),
  ].map((lot) => ({ ...lot, id: crypto.randomUUID() }));
}

function showListing(id: string, sellerId: string, title: string) {
  return {
    kind: 'show' as const,
    id,
    sellerId,
    title,
    texts: [title],
    category: null,
    price: null,
    link: showPath(id),
  };
}

/** A show's start: live at once or announced for later, with its run sheet; and a scheduled show going live. */
export function createStarting(
  deps: StreamsDeps & {
    access: ShowAccess;
    screen: ShowScreen;
    end: (id: string, reason: 'host' | 'timer' | 'abandoned') => Promise<boolean>;
  },
) {
  const { db, clock, media, ports, end } = deps;
  const { hosted } = deps.access;
  const { screen } = deps.screen;

  /** Opens the video room of a show that has just gone live; without it nobody can watch, so it ends. */
  async function openVideo(id: string, log: StreamsDeps['log']): Promise<void> {
    try {
      const room = await deps.video.openRoom({ id, videoRoom: null });
      if (room !== null) await q.setVideoRoom(db, id, room);
      // The video server records from now on; the host's browser does not (ADR 0057).
      if (deps.video.recordsShows) await startRecording(db, id, clock.iso());
    } catch (error) {
      log.warn({ err: error }, 'opening the video room failed');
      await end(id, 'host');
      throw new DomainError('SERVICE_UNAVAILABLE', `Error starting stream: ${(error as Error).message}`);
    }
  }

  return {
    /**
     * Host start: the show goes live at once, or is announced for later (`scheduledFor`), with its
     * run sheet. The one-product form is a show of one lot, run for the show's length from the start.
     * `log`: the request's logger, so a failure's line carries the request id (ADR 0029).
     */
    async start(
      host: UserRow,
      input: StartStreamInput,
      cover: { source: UploadSource; bytes: number } | undefined,
      log: StreamsDeps['log'] = deps.log,
    ): Promise<{ id: string }> {
      if (cover && cover.bytes > STREAM_COVER_MAX_BYTES)
        throw new DomainError('VALIDATION_FAILED', MSG.streamCoverTooLarge, { cover: MSG.streamCoverTooLarge });
      const now = clock.now();
      const planned = input.scheduledFor === undefined ? undefined : Date.parse(input.scheduledFor);
      if (planned !== undefined && planned <= now.getTime())
        throw new DomainError('VALIDATION_FAILED', MSG.chooseShowTime, { scheduledFor: MSG.chooseShowTime });
      if (planned !== undefined && planned - now.getTime() > SCHEDULE_MAX_MS)
        throw new DomainError('VALIDATION_FAILED', MSG.showTimeTooFar, { scheduledFor: MSG.showTimeTooFar });
      const live = planned === undefined;
      const rehearsal = input.rehearsalPace !== undefined;
      if (live && (await q.liveStreamOf(db, host.id))) throw new DomainError('CONFLICT', MSG.alreadyStreaming);
      const lengthMs = input.durationMinutes * 60_000;
      const startsAt = new Date(planned ?? now.getTime());
      const endsAt = new Date(startsAt.getTime() + lengthMs);
      const lots = lotsOfNewShow(input, lengthMs);
      const [coverKey] = cover ? await media.storeImages('covers', [cover.source]) : [undefined];
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          for (const [position, lot] of lots.entries())
            await ports.auctions.addLot(trx, host, lot.productId, {
              ...lot,
              streamId: id,
              position,
              // The one-product show's lot runs as the show goes live.
              runUntil: live && position === 0 && input.productId !== undefined ? endsAt : undefined,
              rehearsal,
            });
          await q.insertStream(trx, {
            id,
            host_id: host.id,
            title: input.title,
            cover_key: coverKey ?? null,
            auction_id: lots[0]!.id,
            status: live ? 'live' : 'scheduled',
            scheduled_for: live ? null : startsAt.toISOString(),
            started_at: startsAt.toISOString(),
            ends_at: endsAt.toISOString(),
            ended_at: null,
            end_reason: null,
            host_seen_at: now.toISOString(),
            video_room: null,
            created_at: now.toISOString(),
            rehearsal_pace: input.rehearsalPace ?? null,
          });
        });
      } catch (error) {
        if (coverKey) await media.removeImages([coverKey]);
        throw error;
      }
      if (live) await openVideo(id, log);
      deps.publish({ type: 'stream.changed', streamId: id, live: null, ended: false });
      // A show is a listing too: saved searches for auctions hear of it by its title (ADR 0040); a rehearsal is not.
      if (!rehearsal) deps.publish({ type: 'listing.published', listing: showListing(id, host.id, input.title) });
      return { id };
    },

    /**
     * The host goes live with a scheduled show: it starts now and lasts as long as planned, and
     * (after the commit) the reminded viewers and the host's followers are told.
     */
    async goLive(host: UserRow, id: string, log: StreamsDeps['log'] = deps.log): Promise<void> {
      const row = await hosted(host, id);
      if (row.status !== 'scheduled') throw new DomainError('CONFLICT', MSG.showNotScheduled);
      if (await q.liveStreamOf(db, host.id)) throw new DomainError('CONFLICT', MSG.alreadyStreaming);
      const lengthMs = Date.parse(row.ends_at) - Date.parse(row.started_at);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (!(await q.goLive(trx, id, now.toISOString(), new Date(now.getTime() + lengthMs).toISOString())))
          throw new DomainError('CONFLICT', MSG.showNotScheduled);
        // A one-product show's lot runs for the show's length from its start, as when it went live at once.
        const lots = await ports.auctions.lotsOf(id, trx);
        if (lots.length === 1 && lots[0]!.seconds * 1000 === lengthMs) await ports.auctions.openLot(trx, lots[0]!.id);
      });
      await openVideo(id, log);
      deps.publish({ type: 'stream.changed', streamId: id, live: (await screen(id))?.live ?? null, ended: false });
      deps.publish({ type: 'stream.lots', streamId: id });
      await deps.parts
        .onShowLive({ ...row, title: row.title })
        .catch((err: unknown) => log.warn({ err }, 'telling followers a show went live failed'));
    },
  };
}
