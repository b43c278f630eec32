import { createVideoBackend } from '../../adapters/video/index.js';
import type { Job } from '../../jobs/runner.js';
import { mailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { AuctionsPort } from '../auctions/port.js';
import { defineModule, portOf } from '../module.js';
import type { OrdersPort } from '../orders/port.js';
import { createClips } from './clips.js';
import { clipsRoutes } from './clips-routes.js';
import { createRoomParts } from './moderation.js';
import { createGiveaways, giveawaysSocket, type GiveawaysDeps } from './giveaways.js';
import { giveawaysRoutes } from './giveaways-routes.js';
import { createPins, pinsSocket, type PinsDeps } from './pins.js';
import { STREAMS_PORT, type StreamsPort } from './port.js';
import { createRehearsalBidders } from './rehearsal-bidders.js';
import { createReplays } from './replays.js';
import { replaysRoutes } from './replays-routes.js';
import { createReportedMessages } from './reported.js';
import { pinsRoutes } from './pins-routes.js';
import { roomRoutes } from './room-routes.js';
import { mergeSocketParts, roomSocket } from './room-socket.js';
import { streamsRoutes } from './routes.js';
import { createStreamsService } from './service.js';
import type { StreamsDeps } from './show-deps.js';
import { streamsSocket } from './socket.js';

/** Only what a stream's parts ask of the modules before it (the room's moderation, reminders and mail). */
type RoomDeps = Parameters<typeof createRoomParts>[0];

export const streamsModule = defineModule(
  ['accounts', 'orders', 'auctions', 'catalog', 'profiles', 'notifications'],
  (
    ctx,
    needs: {
      accounts: RoomDeps['accounts'] & Pick<AccountsPort, 'userById' | 'simulatedBidders'>;
      orders: StreamsDeps['ports']['orders'] &
        PinsDeps['ports']['orders'] &
        GiveawaysDeps['ports']['orders'] &
        Pick<OrdersPort, 'slots'>;
      auctions: StreamsDeps['ports']['auctions'] & Pick<AuctionsPort, 'slots'>;
      catalog: PinsDeps['ports']['catalog'];
      profiles: RoomDeps['profiles'] & GiveawaysDeps['ports']['profiles'];
      notifications: RoomDeps['notifications'];
    },
  ) => {
    const { db, dialect, clock, media, publish } = ctx;
    const video = createVideoBackend(ctx.config, ctx.log);
    // A show's parts in their own files (parts.ts): Buy It Now, the sale clips, reminders and the room's moderation.
    const pins = createPins({ db, dialect, clock, media, publish, ports: needs });
    const clips = createClips({ db, clock, media, publish });
    const rehearsalBidders = createRehearsalBidders({
      db,
      clock,
      accounts: needs.accounts,
      auctions: needs.auctions,
      log: ctx.log,
    });
    const replays = createReplays({ db, clock, media, video, keepMs: ctx.config.replayKeepMs });
    const giveaways = createGiveaways({
      db,
      dialect,
      clock,
      media,
      publish,
      mailLater: mailLater(ctx.mailer, ctx.log, 'giveaway mail failed'),
      publicUrl: ctx.config.publicUrl,
      ports: needs,
    });
    const room = createRoomParts({
      db,
      dialect,
      clock,
      media,
      publish,
      accounts: needs.accounts,
      profiles: needs.profiles,
      notifications: needs.notifications,
      mailLater: mailLater(ctx.mailer, ctx.log, 'show mail failed'),
      publicUrl: ctx.config.publicUrl,
    });
    const service = createStreamsService({
      db,
      clock,
      media,
      video,
      ice: ctx.config.video.ice,
      publish,
      log: ctx.log,
      ports: needs,
      bidRefused: ctx.metrics.bidRefused,
      parts: {
        pinsOf: pins.pinsOf,
        giveawayOf: giveaways.giveawayOf,
        clipsOf: clips.clipsOf,
        room: room.room,
        canModerate: room.canModerate,
        chatCheck: room.chatCheck,
        onShowLive: room.onShowLive,
      },
    });
    const reported = createReportedMessages({ db, clock, media, publish });
    // Removed viewers may not bid on the stream's auction by any route (the HTTP bid form included).
    needs.auctions.slots.bidGate(service.bidGate);
    // A lot's close posts its hammer line and tells the room, in the close's own transaction.
    needs.auctions.slots.lotClosed(service.onLotClosed);
    // The winner's order shows the clip of the moment they won.
    needs.orders.slots.clipSource(clips.clipsOf);
    return {
      // The show's parts beside the stream's own service, for the seed and the tests.
      service: {
        ...service,
        pins,
        giveaways,
        replays,
        rehearsalBidders,
        clips,
        moderation: room.moderation,
        reminders: room.reminders,
        reported,
      },
      port: portOf({ ...reported, ...service }, STREAMS_PORT) as StreamsPort,
      routes: async (app) => {
        await app.register(streamsRoutes(service));
        await app.register(pinsRoutes(pins));
        await app.register(giveawaysRoutes(giveaways));
        await app.register(replaysRoutes(replays));
        await app.register(clipsRoutes(clips));
        await app.register(roomRoutes(room));
      },
      socket: mergeSocketParts(
        streamsSocket(service, needs.accounts, ctx.clock),
        pinsSocket(),
        giveawaysSocket(),
        roomSocket(room),
      ),
      referencedUploads: async () => [
        ...(await service.referencedUploads()),
        ...(await clips.referencedUploads()),
        ...(await replays.referencedUploads()),
      ],
      jobs: showJobs({ service, room, giveaways, rehearsalBidders, replays }),
    };
  },
);

/** A show's background work, each job safe to run on several instances at once. */
function showJobs(parts: {
  service: { endDue(): Promise<number> };
  room: { moderation: { sweepEndedMutes(): Promise<void> } };
  giveaways: { drawDue(): Promise<number | void> };
  rehearsalBidders: { bidDue(): Promise<number> };
  replays: { joinDue(): Promise<void>; sweepOld(): Promise<void> };
}): Job[] {
  const { service, room, giveaways, rehearsalBidders, replays } = parts;
  return [
    // Streams end on their timer, or when their host has been gone past the grace period.
    { name: 'streams.end-due', everyMs: 1000, run: () => service.endDue() },
    // A giveaway is drawn as its timer ends (the job wakes at the soonest end).
    { name: 'streams.draw-giveaways', everyMs: 1000, run: () => giveaways.drawDue() },
    // A rehearsal's simulated bidders bid on its running lot at the host's pace.
    { name: 'streams.rehearsal-bidders', everyMs: 250, run: () => rehearsalBidders.bidDue() },
    // An ended show's recording becomes its replay; replays older than REPLAY_DAYS go.
    { name: 'streams.join-replays', everyMs: 2000, run: () => replays.joinDue() },
    { name: 'streams.sweep-old-replays', everyMs: 3600_000, run: () => replays.sweepOld() },
    {
      name: 'streams.sweep-ended-mutes',
      everyMs: 3600_000,
      run: () => room.moderation.sweepEndedMutes(),
    },
  ];
}
