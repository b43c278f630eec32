import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typedNumber } from '../validation.js';
import { MSG } from '../messages.js';
import { ProductSchema } from './catalog.js';
import { BidSchema, StartAuctionSchema } from './auctions.js';
import { StartStreamSchema } from './live.js';
import { AddressSchema, gulfMobileE164 } from './addresses.js';
import { QuoteSchema } from './orders.js';
import { PhoneSchema, RegisterSchema } from './auth.js';

/** Issue 29: every number a person types may come in Western, Arabic-Indic or Persian digits. */
describe('typedNumber', () => {
  const n = typedNumber(z.number({ error: 'nope' }));

  it.each([
    [5, 5],
    ['5', 5],
    ['١٢٦٠', 1260],
    ['۱۲۶۰', 1260],
    ['١٬٢٣٤٫٥٠', 1234.5],
    ['1,234.50', 1234.5],
    [' ٢ ', 2],
  ])('accepts %j', (input, output) => expect(n.parse(input)).toBe(output));

  it.each([true, [5], '0x10', '1e3', '', ' ', '-٥', '+5', '٫٥', '1,5', '9'.repeat(400), null, {}, Number.NaN])(
    'refuses %j',
    (input) => expect(n.safeParse(input).error?.issues[0]?.message).toBe('nope'),
  );
});

describe('the schemas read every digit set', () => {
  const product = {
    title: 'Seiko Diver',
    description: 'Automatic dive watch, barely worn.',
    category: 'Watches',
    brand: 'Seiko',
  };

  it('a product: price and previous price in fils, weight, dimensions', () => {
    const p = ProductSchema.parse({
      ...product,
      price: '١٢٣٤٥٠',
      previousPrice: '۱۵۰٬۰۰۰',
      weight: '٠٫١٥',
      dimensions: '٣٠ x ٢٠ x ١٠',
    });
    expect(p).toMatchObject({ price: 123450, previousPrice: 150000, weight: 0.15, dimensions: '30x20x10' });
  });

  it('a product price that is not whole fils is still refused', () => {
    const r = ProductSchema.safeParse({ ...product, price: '١٬٢٣٤٫٥٠', weight: '1' });
    expect(r.error?.issues[0]?.message).toBe(MSG.pricePositive);
  });

  // JSON bodies: the browser has read the digits already (parseAmountToFils); a string is refused.
  it('a bid and its maximum are JSON numbers', () => {
    expect(BidSchema.parse({ amount: 1260, maxAmount: 2000 })).toEqual({ amount: 1260, maxAmount: 2000 });
    expect(BidSchema.safeParse({ amount: '١٢٦٠' }).error?.issues[0]?.message).toBe(MSG.bidAmountInvalid);
    expect(BidSchema.safeParse({ amount: 'lots' }).error?.issues[0]?.message).toBe(MSG.bidAmountInvalid);
  });

  it("an auction's starting bid and reserve are JSON numbers", () => {
    const a = StartAuctionSchema.parse({ startingBid: 10000, reservePrice: 15000, duration: '1d' });
    expect(a).toMatchObject({ startingBid: 10000, reservePrice: 15000 });
    expect(StartAuctionSchema.safeParse({ startingBid: '١٠٠٠٠', duration: '1d' }).success).toBe(false);
  });

  it('a live stream: duration and starting bid', () => {
    const s = StartStreamSchema.parse({
      title: 'Friday watches',
      durationMinutes: '١٠',
      productId: crypto.randomUUID(),
      startingBid: '٥٠٠٠',
    });
    expect(s).toMatchObject({ durationMinutes: 10, startingBid: 5000 });
  });

  it('a cart quantity', () => {
    const q = QuoteSchema.parse({ lines: [{ productId: crypto.randomUUID(), quantity: '٢' }] });
    expect(q.lines[0]!.quantity).toBe(2);
  });

  it('a phone number, stored in Western digits', () => {
    expect(PhoneSchema.parse('٠٥٠ ١٢٣ ٤٥٦٧')).toBe('0501234567');
    expect(PhoneSchema.parse('+۹۷۱۵۰۱۲۳۴۵۶۷')).toBe('+971501234567');
    // A delivery address keeps the mobile as typed, and reads its E.164 form in any digit set.
    const typed = AddressSchema.parse({
      emirate: 'Dubai',
      area: 'Marina',
      street: 'Tower 1',
      phone: '٠٥٠١٢٣٤٥٦٧',
    }).phone;
    expect(typed).toBe('٠٥٠١٢٣٤٥٦٧');
    expect(gulfMobileE164(typed)).toBe('+971501234567');
    expect(
      RegisterSchema.parse({
        email: 'a@x.co',
        password: 'secret1',
        confirmPassword: 'secret1',
        username: 'amira',
        phone: '٠٥٠١٢٣٤٥٦٧',
      }).phone,
    ).toBe('0501234567');
    expect(PhoneSchema.safeParse('٠٥٠١٢').error?.issues[0]?.message).toBe(MSG.invalidPhone);
  });
});
