/**
 * The words of offers on fixed-price items (ADR 0053). Part of `MSG` (messages.ts), kept
 * here so neither file runs long.
 */
export const OFFER_MSG = {
  offerAmountRequired: 'Enter the amount you offer.',
  offerAmountWholeFils: 'Enter an amount in AED with at most two decimals.',
  offerAmountPositive: 'An offer must be more than zero.',
  offerBelowPrice: 'An offer must be lower than the price. To pay the full price, add it to your cart.',
  offersNotTaken: 'The seller is not taking offers on this item.',
  offerOnOwnItem: 'You can’t make an offer on your own item.',
  offerFixedPriceOnly: 'Offers are only for fixed-price items that are on sale.',
  tooManyOpenOffers:
    'You already have 3 offers waiting on this item. Wait for the seller’s answer, or withdraw one to make another.',
  offerBelowFloor:
    'Thank you for your offer. The seller can’t go that low on this item, so it was declined. A higher offer may be accepted.',
  priceOfferNotFound: 'This offer was not found.',
  priceOfferNotOpen: 'This offer has already been answered, withdrawn or has lapsed.',
  offerNoUnitsLeft:
    'There is nothing left to sell through offers: another offer took the last unit. The buyer has been told the item sold.',
  offerSoldElsewhere: 'Sorry, this item sold to another buyer before your offer was accepted.',
  counterBetween: 'A counter-offer must be above the buyer’s offer and below your price.',
  offerNotAccepted: 'Only an accepted offer can be checked out.',
  offerCheckoutLapsed: 'The 24 hours to check out this offer have passed.',
  offerUnitsRange: 'Units must be a whole number from 1 to 999.',
  offerUnitsBelowTaken: 'Units can’t be fewer than those already reserved or sold through offers.',
  offerFloorBelowPrice: 'The lowest offer you accept must be below your price.',
} as const;
