import sharp from 'sharp';
import { ProductSchema } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import type { CatalogService } from '../modules/catalog/service.js';

export type DemoSeller = 'amira' | 'omar';

export interface DemoProduct {
  seller: DemoSeller;
  title: string;
  /** The seller's Arabic beside it, as a Gulf seller would give it (issue 29). */
  arabic?: { title: string; description: string };
  category: string;
  price: number;
  previousPrice?: number;
  brand: string;
  condition: 'new' | 'used' | 'refurbished';
  weight: number;
  dimensions?: string;
  country?: string;
  keywords: string;
  colors: [string, string];
  description: string;
}

/** Enough of a catalog that a first visit shows a shop, not an empty page. Prices in fils. */
const PRODUCTS: DemoProduct[] = [
  {
    seller: 'amira',
    title: 'Seiko Presage Cocktail Time',
    arabic: {
      title: 'ساعة سيكو بريساج كوكتيل تايم',
      description: 'ساعة أوتوماتيكية بمينا مستوحى من الكوكتيلات، بحالة ممتازة مع العلبة والضمان.',
    },
    category: 'Watches',
    price: 189_900,
    previousPrice: 219_900,
    brand: 'Seiko',
    condition: 'new',
    weight: 0.15,
    dimensions: '4x4x1',
    country: 'Japan',
    keywords: 'automatic, dress watch',
    colors: ['#0f766e', '#134e4a'],
    description:
      'Automatic dress watch with a sunburst blue dial, sapphire-coated crystal and a 40-hour power reserve.',
  },
  {
    seller: 'omar',
    title: 'iPhone 15 Pro 256GB Natural Titanium',
    arabic: {
      title: 'آيفون 15 برو 256 جيجابايت تيتانيوم طبيعي',
      description: 'هاتف آيفون 15 برو بسعة 256 جيجابايت، لون تيتانيوم طبيعي، مع الشاحن والعلبة الأصلية.',
    },
    category: 'Mobiles',
    price: 429_900,
    previousPrice: 469_900,
    brand: 'Apple',
    condition: 'new',
    weight: 0.19,
    dimensions: '15x7x1',
    country: 'China',
    keywords: 'apple, smartphone, ios',
    colors: ['#57534e', '#1c1917'],
    description: 'Sealed in the box with a one-year Apple warranty. UAE version with FaceTime.',
  },
  {
    seller: 'omar',
    title: 'MacBook Air 13" M3 16GB',
    category: 'Laptops',
    price: 529_900,
    brand: 'Apple',
    condition: 'refurbished',
    weight: 1.24,
    dimensions: '30x21x1',
    country: 'China',
    keywords: 'apple, laptop, macos',
    colors: ['#64748b', '#1e293b'],
    description: 'Certified refurbished, battery at 98%, 16GB memory and 512GB storage. Arabic–English keyboard.',
  },
  {
    seller: 'amira',
    title: 'Oud Wood Eau de Parfum 100ml',
    arabic: {
      title: 'عطر عود وود أو دو بارفان 100 مل',
      description: 'عطر خشبي دافئ بنفحات العود، عبوة 100 مل جديدة ومغلّفة.',
    },
    category: 'Fragrances',
    price: 89_500,
    brand: 'Arabian Oud',
    condition: 'new',
    weight: 0.4,
    country: 'United Arab Emirates',
    keywords: 'oud, perfume, attar',
    colors: ['#92400e', '#451a03'],
    description: 'Rich agarwood with rose and amber. Long-lasting, sealed bottle from the Dubai Mall boutique.',
  },
  {
    seller: 'amira',
    title: 'Ray-Ban Aviator Classic',
    category: 'Eyewear',
    price: 64_900,
    previousPrice: 74_900,
    brand: 'Ray-Ban',
    condition: 'new',
    weight: 0.05,
    country: 'Italy',
    keywords: 'sunglasses, aviator',
    colors: ['#ca8a04', '#713f12'],
    description: 'Gold frame with green G-15 lenses. Comes with the original case and cleaning cloth.',
  },
  {
    seller: 'omar',
    title: 'PlayStation 5 Slim Disc Edition',
    category: 'Gaming',
    price: 199_900,
    brand: 'Sony',
    condition: 'new',
    weight: 3.2,
    dimensions: '36x22x9',
    country: 'Japan',
    keywords: 'ps5, console, playstation',
    colors: ['#1d4ed8', '#0f172a'],
    description: 'Brand new console with one DualSense controller. Middle East region, Arabic menus available.',
  },
  {
    seller: 'omar',
    title: 'Samsung 65" QLED 4K Smart TV',
    category: 'Televisions',
    price: 329_900,
    previousPrice: 389_900,
    brand: 'Samsung',
    condition: 'new',
    weight: 22,
    dimensions: '145x83x6',
    country: 'Vietnam',
    keywords: 'tv, 4k, qled',
    colors: ['#0e7490', '#083344'],
    description: 'Quantum dot colour, 120Hz, four HDMI ports. Free delivery inside Dubai.',
  },
  {
    seller: 'amira',
    title: 'Kandura Premium Cotton White',
    arabic: {
      title: 'كندورة قطن فاخر بيضاء',
      description: 'كندورة إماراتية من القطن الفاخر باللون الأبيض، خياطة دقيقة ومقاسات متعددة.',
    },
    category: "Men's",
    price: 34_900,
    brand: 'Al Sarraf',
    condition: 'new',
    weight: 0.6,
    country: 'United Arab Emirates',
    keywords: 'kandura, thobe, traditional',
    colors: ['#e7e5e4', '#a8a29e'],
    description: 'Tailored Emirati kandura in breathable Japanese cotton. Sizes 52 to 62 available.',
  },
  {
    seller: 'amira',
    title: 'Embroidered Abaya Midnight Black',
    arabic: {
      title: 'عباية مطرّزة أسود ليلي',
      description: 'عباية سوداء بتطريز يدوي ناعم على الأكمام، قماش خفيف مناسب لكل المواسم.',
    },
    category: "Women's",
    price: 45_000,
    brand: 'Hessa',
    condition: 'new',
    weight: 0.8,
    country: 'United Arab Emirates',
    keywords: 'abaya, modest fashion',
    colors: ['#27272a', '#09090b'],
    description: 'Crepe abaya with hand-finished gold thread embroidery on the sleeves. Includes matching sheila.',
  },
  {
    seller: 'omar',
    title: 'Dyson V15 Detect Cordless Vacuum',
    arabic: {
      title: 'مكنسة دايسون V15 ديتكت لاسلكية',
      description: 'مكنسة لاسلكية بليزر يكشف الغبار وشاشة تعرض حجم الجزيئات، مع جميع الملحقات.',
    },
    category: 'Appliances',
    price: 259_900,
    previousPrice: 299_900,
    brand: 'Dyson',
    condition: 'used',
    weight: 3.1,
    dimensions: '126x25x26',
    country: 'Malaysia',
    keywords: 'vacuum, cordless, home',
    colors: ['#7c3aed', '#2e1065'],
    description: 'Lightly used for six months, all attachments included, battery holds a full charge.',
  },
  {
    seller: 'amira',
    title: 'Lego Technic Ferrari Daytona SP3',
    category: "Kid's",
    price: 149_900,
    brand: 'LEGO',
    condition: 'new',
    weight: 4.3,
    dimensions: '59x26x14',
    country: 'Denmark',
    keywords: 'lego, toy, ferrari',
    colors: ['#dc2626', '#7f1d1d'],
    description: 'Sealed 3,778-piece set. A great build for teens and adults who love supercars.',
  },
  {
    seller: 'omar',
    title: 'Garmin Forerunner 265 Running Watch',
    category: 'Sports',
    price: 149_900,
    previousPrice: 169_900,
    brand: 'Garmin',
    condition: 'new',
    weight: 0.05,
    country: 'Taiwan',
    keywords: 'running, gps, fitness',
    colors: ['#16a34a', '#052e16'],
    description: 'AMOLED display, training readiness and GPS with multi-band support for the Dubai Marina run.',
  },
];

async function picture(title: string, [from, to]: [string, string]): Promise<Buffer> {
  // Wrap the title into short lines that fit the square crop of the thumbnail.
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 3)
    .map(
      (line, i) =>
        `<text x="90" y="${560 + i * 70}" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="700" fill="#ffffff">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="900" height="900" fill="url(#g)"/><circle cx="640" cy="280" r="170" fill="#ffffff" fill-opacity="0.12"/><circle cx="700" cy="220" r="70" fill="#fbbf24" fill-opacity="0.85"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** One demo product, listed by its seller with a picture made from its title and colours. */
export async function createDemoProduct(catalog: CatalogService, seller: UserRow, p: DemoProduct): Promise<string> {
  // Parsed as the sell form's fields are, so the seed's products read as a seller's would.
  const { id } = await catalog.create(
    seller,
    ProductSchema.parse({
      title: p.title,
      description: p.description,
      titleAr: p.arabic?.title ?? '',
      descriptionAr: p.arabic?.description ?? '',
      category: p.category,
      price: String(p.price),
      previousPrice: p.previousPrice ? String(p.previousPrice) : '',
      condition: p.condition,
      brand: p.brand,
      dimensions: p.dimensions ?? '',
      weight: String(p.weight),
      countryOfOrigin: p.country ?? '',
      keywords: p.keywords,
    }),
    { images: [await picture(p.title, p.colors)] },
  );
  return id;
}

export async function seedDemoCatalog(catalog: CatalogService, sellers: Record<DemoSeller, UserRow>): Promise<number> {
  for (const p of PRODUCTS) await createDemoProduct(catalog, sellers[p.seller], p);
  return PRODUCTS.length;
}
