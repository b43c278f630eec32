import { OrderSchema } from '../api/catalog.js';
import {
  MyOffersSchema,
  OfferAmountSchema,
  OfferCheckoutSchema,
  OfferSchema,
  OfferTermsInputSchema,
  OfferTermsViewSchema,
} from '../schemas/offers.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Offers';
const ProductIdParams = idParams("The product's id.");
const OfferIdParams = idParams('The offer.');
const write = ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] as const;

export const offers = {
  terms: endpoint({
    method: 'GET',
    path: '/api/products/:id/offer-terms',
    summary: "Whether a product's seller takes offers",
    description:
      'Whether offers are taken on this fixed-price product and how many units are still to sell through them. The seller alone also sees their terms whole: the floor (never shown to buyers), the units, and how many are reserved by accepted offers or sold.',
    tag,
    access: 'public',
    params: ProductIdParams,
    responses: { 200: OfferTermsViewSchema },
    errors: ['NOT_FOUND'],
  }),
  setTerms: endpoint({
    method: 'PUT',
    path: '/api/products/:id/offer-terms',
    summary: 'Set the terms for offers on my product',
    description:
      'The seller allows offers or stops taking new ones, with an optional floor in fils (an offer under it is declined at once, kindly; buyers never see the floor) and how many units they will sell through offers (1 unless given; not fewer than already reserved or sold). Another seller’s product is 403; a product on auction is 409. Answers the terms.',
    tag,
    access: 'verified',
    params: ProductIdParams,
    body: OfferTermsInputSchema,
    responses: { 200: OfferTermsViewSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { allow: true, floor: 150000, units: 1 },
  }),
  make: endpoint({
    method: 'POST',
    path: '/api/products/:id/offers',
    summary: 'Make an offer on a fixed-price product',
    description:
      'A verified buyer offers an amount in whole fils (a number, or digits in any of Western, Arabic-Indic or Persian), more than zero and below the price. The seller is told by bell and email and has OFFER_HOURS (48 unless configured) to answer. An offer under the seller’s floor is still created, as `declined` (`below_floor`), at once, and the seller is not disturbed. A fourth offer waiting on the same item is 409; the seller’s own item is 403.',
    tag,
    access: 'verified',
    params: ProductIdParams,
    body: OfferAmountSchema,
    responses: { 201: OfferSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: { amount: 150000 },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/me/offers',
    summary: 'Offers I made and offers I received',
    description: 'My offers as buyer and, as seller, the offers on my products: newest first, the latest 100 of each.',
    tag,
    access: 'user',
    responses: { 200: MyOffersSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/offers/:id/accept',
    summary: 'Accept an offer (the seller) or a counter-offer (the buyer)',
    description:
      'The seller accepts a waiting offer, or the buyer a counter-offer: one unit of the seller’s offer units is reserved for the buyer, who has 24 hours to check out at the agreed price. When another offer took the last unit first, this is 409 and the offer’s buyer is told the item sold. Answers the offer.',
    tag,
    access: 'verified',
    params: OfferIdParams,
    responses: { 200: OfferSchema },
    errors: write,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/offers/:id/decline',
    summary: 'Decline an offer (the seller) or a counter-offer (the buyer)',
    description:
      'The seller declines a waiting offer, or the buyer a counter-offer; the other side is told. Answers the offer.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: OfferIdParams,
    responses: { 200: OfferSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT'],
  }),
  counter: endpoint({
    method: 'POST',
    path: '/api/offers/:id/counter',
    summary: 'Counter an offer',
    description:
      'The seller answers a waiting offer with an amount above it and below the price. The buyer is told and has OFFER_HOURS to accept or decline it. Answers the offer.',
    tag,
    access: 'verified',
    params: OfferIdParams,
    body: OfferAmountSchema,
    responses: { 200: OfferSchema },
    errors: write,
    example: { amount: 175000 },
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/offers/:id/withdraw',
    summary: 'Withdraw my offer',
    description: 'The buyer takes back an offer still waiting for an answer (or a counter-offer). Answers the offer.',
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: OfferIdParams,
    responses: { 200: OfferSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT'],
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/api/offers/:id/checkout',
    summary: 'Check out an accepted offer',
    description:
      'Within 24 hours of the acceptance, the buyer places the order for the reserved unit at the agreed price plus 5% VAT, cash on delivery, with a delivery address; cash on delivery’s limits apply as at checkout. A second call answers the same order, with 200. After the 24 hours it is 409, and the unit goes back to the seller.',
    tag: 'Offers',
    access: 'verified',
    openWhileSuspended: 'order',
    params: OfferIdParams,
    body: OfferCheckoutSchema,
    responses: { 201: OrderSchema, 200: OrderSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
    example: {
      address: {
        emirate: 'Dubai',
        area: 'Al Barsha',
        street: 'Street 12',
        building: 'Villa 4',
        phone: '0501234567',
      },
    },
  }),
};
