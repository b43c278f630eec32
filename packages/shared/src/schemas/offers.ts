import { z } from 'zod';
import { Fils, Timestamp, Whole } from '../api/scalars.js';
import { MSG } from '../messages.js';
import { typedNumber } from '../validation.js';
import { AddressSchema } from './addresses.js';
import { MAX_FILS } from './catalog.js';

/**
 * An offer's life (ADR 0053): `pending` waits for the seller, `countered` for the buyer;
 * `accepted` holds a unit until the buyer checks out (`ordered`) or the 24 hours pass (`lapsed`).
 */
export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'ordered',
  'declined',
  'withdrawn',
  'lapsed',
  'sold_elsewhere',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Waiting for an answer: what counts against OPEN_OFFERS_MAX and what OFFER_HOURS lapses. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'countered'];
/** Why a declined offer was declined: under the seller's floor (at once), by the seller, or the buyer's no to a counter. */
export const OFFER_DECLINES = ['below_floor', 'seller', 'buyer'] as const;
export type OfferDecline = (typeof OFFER_DECLINES)[number];

/** A buyer's offers waiting for an answer on one item, at most. */
export const OPEN_OFFERS_MAX = 3;
/** An accepted offer's unit is held this long for the buyer's checkout. */
export const OFFER_CHECKOUT_MS = 24 * 3_600_000;
export const OFFER_UNITS_MAX = 999;

/**
 * An amount in whole fils, as a number or as digits in any of the three sets ("١٥٠٠٠" is 15000):
 * a fraction of a fil, zero or less, or text that is no number are each refused with their words.
 */
export const offerFils = () =>
  typedNumber(
    z
      .number({ error: (issue) => (issue.input === undefined ? MSG.offerAmountRequired : MSG.offerAmountWholeFils) })
      .int(MSG.offerAmountWholeFils)
      .positive(MSG.offerAmountPositive)
      .max(MAX_FILS, MSG.priceTooLarge),
  );

/** A buyer's offer, or a seller's counter: one amount in fils, below the price (the server checks that). */
export const OfferAmountSchema = z.object({ amount: offerFils() }, { error: MSG.offerAmountRequired });
export type OfferAmountInput = z.output<typeof OfferAmountSchema>;

/** The seller's terms for offers on one product: whether they take them, a floor buyers never see, how many units. */
export const OfferTermsInputSchema = z.object(
  {
    allow: z.boolean({ error: MSG.fillAllFields }),
    floor: z.preprocess((v) => (v === '' ? null : v), offerFils().nullable().optional()).transform((v) => v ?? null),
    units: typedNumber(
      z
        .number({ error: MSG.offerUnitsRange })
        .int(MSG.offerUnitsRange)
        .min(1, MSG.offerUnitsRange)
        .max(OFFER_UNITS_MAX, MSG.offerUnitsRange),
    )
      .optional()
      .transform((v) => v ?? 1),
  },
  { error: MSG.fillAllFields },
);
export type OfferTermsInput = z.output<typeof OfferTermsInputSchema>;

/** The buyer checks out an accepted offer with a delivery address: cash on delivery, at the offer's price. */
export const OfferCheckoutSchema = z.object({ address: AddressSchema }, { error: MSG.fillAllFields });
export type OfferCheckoutInput = z.output<typeof OfferCheckoutSchema>;

/** What anyone sees of a product's terms; its owner sees them whole (`mine`). */
export const OfferTermsViewSchema = z.object({
  allow: z.boolean(),
  /** Units still to sell through offers (none reserved or sold). */
  available: Whole,
  mine: z
    .object({ floor: Fils.nullable(), units: Whole, reserved: Whole, sold: Whole })
    .nullable()
    .describe("The seller's own view, for the product's owner only; null for everyone else."),
});
export type OfferTermsView = z.infer<typeof OfferTermsViewSchema>;

const Party = z.object({ id: z.string(), username: z.string() });

export const OfferSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  /** The item's price when the offer was made. */
  listPrice: Fils,
  amount: Fils,
  /** The seller's counter, while there is one. */
  counterAmount: Fils.nullable(),
  status: z.enum(OFFER_STATUSES),
  declined: z.enum(OFFER_DECLINES).nullable(),
  buyer: Party,
  seller: Party,
  createdAt: Timestamp,
  /** When it lapses unanswered, or (accepted) when the unit is let go unless checked out; null once settled. */
  expiresAt: Timestamp.nullable(),
  orderId: z.string().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const MyOffersSchema = z.object({ made: z.array(OfferSchema), received: z.array(OfferSchema) });
export type MyOffers = z.infer<typeof MyOffersSchema>;
