import { StartAuctionSchema } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { AuctionsService } from '../modules/auctions/service.js';
import type { CatalogService } from '../modules/catalog/service.js';
import { createDemoProduct, type DemoProduct, type DemoSeller } from './demo-catalog.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type DemoBidder = DemoSeller | 'khalid';

interface DemoAuction {
  product: DemoProduct;
  startingBid: number;
  /** From the moment of seeding, so /auction shows a spread of countdowns on every first start. */
  endsIn: number;
  closingStyle: 'soft' | 'sudden';
  /** Who bids, in turn, each the minimum the auction asks next (a quick bid): never the seller. */
  bidders: DemoBidder[];
}

/** Open timed auctions across the categories, so /auction is not empty on first start. Prices in fils. */
const AUCTIONS: DemoAuction[] = [
  {
    product: {
      seller: 'amira',
      title: 'Rolex Datejust 36 (1991)',
      arabic: {
        title: 'ساعة رولكس ديت جست 36 (1991)',
        description: 'ساعة رولكس ديت جست كلاسيكية بمينا فضي، تمت صيانتها حديثاً، مع العلبة الأصلية.',
      },
      category: 'Watches',
      price: 2_450_000,
      brand: 'Rolex',
      condition: 'used',
      weight: 0.12,
      country: 'Switzerland',
      keywords: 'vintage, automatic, datejust',
      colors: ['#065f46', '#022c22'],
      description: 'Silver dial, jubilee bracelet, serviced last year in Dubai. Box and papers included.',
    },
    startingBid: 1_800_000,
    endsIn: 2 * HOUR,
    closingStyle: 'soft',
    bidders: ['omar', 'khalid', 'omar', 'khalid', 'omar'],
  },
  {
    product: {
      seller: 'omar',
      title: 'PlayStation 5 Slim Digital with Two Controllers',
      arabic: {
        title: 'بلايستيشن 5 سليم الرقمي مع يدي تحكم',
        description: 'جهاز بلايستيشن 5 سليم الرقمي بحالة ممتازة مع يدي تحكم دول سينس.',
      },
      category: 'Gaming',
      price: 189_900,
      brand: 'Sony',
      condition: 'used',
      weight: 3.2,
      country: 'Japan',
      keywords: 'ps5, console, dualsense',
      colors: ['#1d4ed8', '#0f172a'],
      description: 'Bought in March, barely used. Two DualSense controllers and all the cables.',
    },
    startingBid: 100_000,
    endsIn: 9 * HOUR,
    closingStyle: 'sudden',
    bidders: [],
  },
  {
    product: {
      seller: 'omar',
      title: 'Amouage Interlude Man 100ml',
      arabic: {
        title: 'عطر أمواج إنترلود للرجال 100 مل',
        description: 'عطر أمواج إنترلود الأصلي، زجاجة جديدة مغلفة بسعة 100 مل.',
      },
      category: 'Fragrances',
      price: 125_000,
      brand: 'Amouage',
      condition: 'new',
      weight: 0.4,
      country: 'Oman',
      keywords: 'oud, incense, amouage',
      colors: ['#7c2d12', '#1c1917'],
      description: 'Sealed bottle. Frankincense, oud and amber: a Muscat house classic.',
    },
    startingBid: 60_000,
    endsIn: 26 * HOUR,
    closingStyle: 'soft',
    bidders: ['amira', 'khalid', 'amira'],
  },
  {
    product: {
      seller: 'amira',
      title: 'Dyson Airwrap Multi-Styler Complete Long',
      arabic: {
        title: 'مصفف الشعر دايسون إيرراب كومبليت لونغ',
        description: 'مصفف دايسون إيرراب بجميع الملحقات، استُخدم مرتين فقط.',
      },
      category: 'Beauty',
      price: 229_900,
      brand: 'Dyson',
      condition: 'used',
      weight: 1.8,
      country: 'Malaysia',
      keywords: 'hair, styler, dyson',
      colors: ['#be185d', '#500724'],
      description: 'Used twice, every attachment and the storage case. UAE plug.',
    },
    startingBid: 120_000,
    endsIn: 2 * DAY + 5 * HOUR,
    closingStyle: 'soft',
    bidders: [],
  },
  {
    product: {
      seller: 'omar',
      title: 'MacBook Air 13 M2 16GB 512GB',
      arabic: {
        title: 'ماك بوك إير 13 بمعالج M2 وذاكرة 16 جيجابايت',
        description: 'ماك بوك إير بحالة ممتازة، 112 دورة شحن فقط، مع الشاحن الأصلي.',
      },
      category: 'Laptops',
      price: 449_900,
      brand: 'Apple',
      condition: 'refurbished',
      weight: 1.24,
      country: 'China',
      keywords: 'macbook, laptop, apple silicon',
      colors: ['#475569', '#0f172a'],
      description: 'Midnight, 112 battery cycles, Arabic-English keyboard, original charger.',
    },
    startingBid: 250_000,
    endsIn: 3.5 * DAY,
    closingStyle: 'soft',
    bidders: ['khalid', 'amira'],
  },
  {
    product: {
      seller: 'amira',
      title: 'Ray-Ban Aviator Classic Gold',
      arabic: {
        title: 'نظارة راي بان أفياتور كلاسيك ذهبية',
        description: 'نظارة شمسية راي بان أفياتور بإطار ذهبي وعدسات خضراء، جديدة.',
      },
      category: 'Eyewear',
      price: 69_900,
      brand: 'Ray-Ban',
      condition: 'new',
      weight: 0.03,
      country: 'Italy',
      keywords: 'sunglasses, aviator',
      colors: ['#ca8a04', '#422006'],
      description: 'Gold frame, green G-15 lenses, with the case. New, never worn.',
    },
    startingBid: 20_000,
    endsIn: 5 * DAY,
    closingStyle: 'sudden',
    bidders: [],
  },
];

/**
 * Lists each product, moves it to auction and bids on it as the sellers and buyers themselves would,
 * through the modules' services: the rules (the bid steps, the seller's own auction, the end on the
 * server's clock) hold for demo data too. Returns how many auctions are open.
 */
export async function seedDemoAuctions(
  deps: { catalog: CatalogService; auctions: AuctionsService; clock: Clock },
  users: Record<DemoBidder, UserRow>,
): Promise<number> {
  for (const lot of AUCTIONS) {
    const seller = users[lot.product.seller];
    const productId = await createDemoProduct(deps.catalog, seller, lot.product);
    const { id } = await deps.auctions.start(
      seller,
      productId,
      StartAuctionSchema.parse({
        startingBid: lot.startingBid,
        duration: 'custom',
        endsAt: deps.clock.iso(lot.endsIn),
        closingStyle: lot.closingStyle,
      }),
    );
    let minimum = lot.startingBid;
    for (const bidder of lot.bidders) {
      minimum = (await deps.auctions.placeBid(users[bidder], id, { amount: minimum })).auction.minimumBid;
    }
  }
  return AUCTIONS.length;
}
