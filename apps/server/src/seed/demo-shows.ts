import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { StartStreamSchema } from '@souq/shared';
import type { DB, UserRow } from '../db/schema.js';
import { withAfterCommit } from '../lib/after-commit.js';
import type { Clock } from '../lib/clock.js';
import type { AuctionsService } from '../modules/auctions/service.js';
import type { CatalogService } from '../modules/catalog/service.js';
import type { Clips } from '../modules/streams/clips.js';
import type { StreamsService } from '../modules/streams/service.js';
import type { DemoBidder } from './demo-auctions.js';
import { createDemoProduct, type DemoProduct } from './demo-catalog.js';

const HOUR = 3_600_000;
/** A sale's clip as a host's browser records it (the fake camera of headless Chromium, 18 s of WebM). */
const DEMO_CLIP = fileURLToPath(new URL('./demo-clip.webm', import.meta.url));
const DEMO_CLIP_MS = 18_000;

const lot = (p: Omit<DemoProduct, 'brand' | 'condition' | 'weight'> & Partial<DemoProduct>): DemoProduct => ({
  brand: 'Souq demo',
  condition: 'used',
  weight: 0.5,
  ...p,
});

/** Amira's show, announced for the day after tomorrow at 8 pm Gulf time. */
const UPCOMING: DemoProduct[] = [
  lot({
    seller: 'amira',
    title: 'Omega Seamaster 300M',
    arabic: { title: 'ساعة أوميغا سيماستر 300M', description: 'مينا أزرق، بحالة ممتازة مع العلبة.' },
    category: 'Watches',
    price: 1_650_000,
    brand: 'Omega',
    keywords: 'diver, automatic',
    colors: ['#1e3a8a', '#0f172a'],
    description: 'Blue wave dial, full links, box and card.',
  }),
  lot({
    seller: 'amira',
    title: 'Cartier Love bracelet, yellow gold',
    arabic: { title: 'سوار كارتييه لوف ذهب أصفر', description: 'مقاس 17 مع المفك والعلبة.' },
    category: "Women's",
    price: 2_100_000,
    brand: 'Cartier',
    keywords: 'bracelet, gold',
    colors: ['#ca8a04', '#713f12'],
    description: 'Size 17, with screwdriver and box.',
  }),
  lot({
    seller: 'amira',
    title: 'Tudor Black Bay 58',
    arabic: { title: 'ساعة تيودور بلاك باي 58', description: 'مينا أسود، 39 مم، بحالة جيدة جداً.' },
    category: 'Watches',
    price: 1_200_000,
    brand: 'Tudor',
    keywords: 'diver, vintage style',
    colors: ['#111827', '#78350f'],
    description: '39 mm, black dial, riveted bracelet.',
  }),
];

/** Omar's show from this afternoon: two lots sold, one passed. */
const ENDED: Array<{ product: DemoProduct; bids: DemoBidder[] }> = [
  {
    product: lot({
      seller: 'omar',
      title: 'Nintendo Switch OLED, white',
      arabic: { title: 'نينتندو سويتش OLED أبيض', description: 'مع وحدتي تحكم وعلبة أصلية.' },
      category: 'Gaming',
      price: 110_000,
      brand: 'Nintendo',
      keywords: 'console, switch',
      colors: ['#e5e7eb', '#ef4444'],
      description: 'Two Joy-Cons, dock and the original box.',
    }),
    bids: ['khalid', 'amira', 'khalid'],
  },
  {
    product: lot({
      seller: 'omar',
      title: 'Xbox Elite controller Series 2',
      arabic: { title: 'يد تحكم إكس بوكس إيليت الإصدار 2', description: 'بحالة ممتازة مع الحقيبة.' },
      category: 'Gaming',
      price: 45_000,
      brand: 'Microsoft',
      keywords: 'controller, xbox',
      colors: ['#166534', '#052e16'],
      description: 'With the case, paddles and charging dock.',
    }),
    bids: ['amira'],
  },
  {
    product: lot({
      seller: 'omar',
      title: 'Retro handheld, 5,000 games',
      arabic: { title: 'جهاز ألعاب محمول كلاسيكي', description: 'يضم 5,000 لعبة.' },
      category: 'Gaming',
      price: 15_000,
      brand: 'Anbernic',
      keywords: 'retro, handheld',
      colors: ['#7c3aed', '#1e1b4b'],
      description: 'Preloaded with classics, with a case.',
    }),
    bids: [],
  },
];

/**
 * Shows on first start (issue 30), as hosts and viewers make them through the services: Amira's
 * upcoming show with its run sheet and a pre-bid, and Omar's ended show with two lots sold, each
 * with its clip, and one passed. A lot's close is the auctions' own (closeNow, as End Stream
 * closes a running lot), run here at once instead of waiting out each timer.
 */
export async function seedDemoShows(
  deps: {
    db: Kysely<DB>;
    catalog: CatalogService;
    auctions: AuctionsService;
    streams: StreamsService & { clips: Clips };
    clock: Clock;
  },
  users: Record<DemoBidder, UserRow>,
): Promise<number> {
  const { streams } = deps;
  const upcomingLots = [];
  for (const product of UPCOMING)
    upcomingLots.push({
      productId: await createDemoProduct(deps.catalog, users.amira, product),
      startingBid: Math.round(product.price / 2),
      seconds: 30,
      closingStyle: 'soft',
    });
  const upcoming = await streams.start(
    users.amira,
    StartStreamSchema.parse({
      title: 'Friday night watches',
      durationMinutes: 60,
      scheduledFor: gulfEvening(deps.clock, 2),
      lots: upcomingLots,
    }),
    undefined,
  );
  const [firstLot] = (await streams.detail(users.amira, upcoming.id)).lots;
  await streams.prebid(users.khalid, upcoming.id, firstLot!.id, upcomingLots[0]!.startingBid + 50_000);

  const endedLots = [];
  for (const { product } of ENDED)
    endedLots.push({
      productId: await createDemoProduct(deps.catalog, users.omar, product),
      startingBid: Math.round(product.price / 2),
      seconds: 30,
      closingStyle: 'sudden',
    });
  const ended = await streams.start(
    users.omar,
    StartStreamSchema.parse({ title: 'Gaming gear flash sale', durationMinutes: 30, lots: endedLots }),
    undefined,
  );
  await streams.chat(users.khalid, ended.id, 'Is the Switch boxed?', 'demo-chat-1');
  await streams.chat(users.omar, ended.id, 'Yes, original box and both Joy-Cons.', 'demo-chat-2');
  const lots = (await streams.detail(users.omar, ended.id)).lots;
  for (const [i, { bids }] of ENDED.entries()) {
    const lotId = lots[i]!.id;
    await streams.startLot(users.omar, ended.id, lotId);
    let minimum = endedLots[i]!.startingBid;
    for (const bidder of bids)
      minimum = (await deps.auctions.placeBid(users[bidder], lotId, { amount: minimum })).auction.minimumBid;
    await withAfterCommit((onCommit) =>
      deps.db.transaction().execute((trx) => deps.auctions.closeNow(trx, lotId, onCommit)),
    );
    if (bids.length) {
      const { size } = await fs.stat(DEMO_CLIP);
      await streams.clips.uploadClip(users.omar, ended.id, lotId, { source: DEMO_CLIP, bytes: size }, DEMO_CLIP_MS);
    }
  }
  await streams.endByHost(users.omar, ended.id);
  return 2;
}

/** 8 pm in Dubai (UTC+4, no daylight saving), `days` days from now, as ISO with its offset. */
function gulfEvening(clock: Clock, days: number): string {
  const dubai = new Date(clock.now().getTime() + 4 * HOUR + days * 24 * HOUR);
  return `${dubai.toISOString().slice(0, 10)}T20:00:00+04:00`;
}
