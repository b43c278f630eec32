import { z } from 'zod';
import { MSG } from '../messages.js';
import { idString } from '../text.js';
import { typedNumber } from '../validation.js';
import { AddressSchema } from './addresses.js';

export const VAT_RATE_PERCENT = 5;
export const PAYMENT_METHODS = { cash_on_delivery: 'Cash on delivery' } as const;

/**
 * Each seller's part of an order: moved forward by the seller, seen by the buyer. Cancelling is
 * possible until it ships; after that it is a return, which Souq does not handle yet.
 */
export const FULFILMENT_STATUSES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];
export const NEXT_FULFILMENT: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** A seller moving their part of an order; `from` is the status they saw, so two tabs cannot both move it. */
export const FulfilmentChangeSchema = z.object(
  {
    status: z.enum(FULFILMENT_STATUSES, { error: MSG.invalidOrderStatus }),
    from: z.enum(FULFILMENT_STATUSES, { error: MSG.invalidOrderStatus }),
  },
  { error: MSG.invalidOrderStatus },
);
export type FulfilmentChange = z.output<typeof FulfilmentChangeSchema>;

/** UAE VAT at 5%, rounded to the nearest fils. */
export function vatFor(subtotalFils: number): number {
  return Math.round((subtotalFils * VAT_RATE_PERCENT) / 100);
}

/**
 * The VAT of the next part of a whole (an invoice's credit notes, its lines in an export), given
 * the parts before it: what brings the VAT so far to 5% of everything so far. Rounding each part
 * alone can drift a fils from the whole's VAT (2.28 + 1.00 for an invoice of 3.27); this way the
 * parts always add up to it.
 */
export function vatOfNextPart(before: { subtotal: number; vat: number }, partFils: number): number {
  return vatFor(before.subtotal + partFils) - before.vat;
}

export const CartLinesSchema = z
  .array(
    z.object({
      productId: idString(MSG.itemsUnavailable),
      quantity: typedNumber(
        z
          .number({ error: MSG.quantityRange })
          .int(MSG.quantityRange)
          .min(1, MSG.quantityRange)
          .max(99, MSG.quantityRange),
      ),
    }),
    { error: MSG.cartEmpty },
  )
  .min(1, MSG.cartEmpty)
  .max(50, MSG.itemsUnavailable);

export const QuoteSchema = z.object({ lines: CartLinesSchema });
export type QuoteInput = z.output<typeof QuoteSchema>;

/** Placing an order (its Idempotency-Key header makes a retried or double-clicked submit create one order). */
export const CheckoutSchema = z.object({
  lines: CartLinesSchema,
  address: AddressSchema,
});
export type CheckoutInput = z.output<typeof CheckoutSchema>;
