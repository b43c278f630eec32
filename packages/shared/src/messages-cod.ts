/**
 * The words of cash on delivery (issue 46): addresses a courier can find, delivery attempts, and
 * the limits on COD. Part of `MSG` (messages.ts), kept here so neither file runs long.
 */
export const COD_MSG = {
  // Addresses.
  invalidMobile: 'Enter a UAE or GCC mobile number, such as 050 123 4567.',
  buildingRequired: 'Please enter the building or villa.',
  buildingTooLong: 'Building or villa must be at most 100 characters.',
  flatTooLong: 'Flat must be at most 20 characters.',
  landmarkTooLong: 'Landmark must be at most 200 characters.',
  locationOutsideUae: 'Choose a location inside the UAE.',
  invalidMakani: 'A Makani number has 10 digits.',
  addressNotFound: 'This address is no longer in your address book.',
  addressBookFull: 'Your address book is full: remove an address to add another.',
  // Delivery attempts and cash on delivery's limits.
  chooseDeliveryOutcome: 'Choose what happened at the door.',
  refusalReasonRequired: 'Write the reason the buyer gave for refusing.',
  attemptReasonTooLong: 'Please keep the reason under 300 characters.',
  attemptNeedsShipped: 'Mark it shipped before recording a delivery attempt.',
  attemptOnFinished: 'This sale is already delivered or cancelled.',
  deliveryFailedTooEarly: 'You can cancel as delivery failed after two failed delivery attempts.',
  attemptNotFound: 'This delivery attempt was not found.',
  deliveryReplyRequired: 'Tell the seller when to come, or what to put right.',
  deliveryReplyTooLong: 'Please keep your note under 500 characters.',
  replyOnlyToFailed: 'Only a failed delivery attempt can be answered.',
  replyTwice: 'You have already answered this attempt.',
  disputeNoteRequired: 'Tell us what happened at the door, in at least 10 characters.',
  disputeOnlyRefusal: 'Only a refusal can be disputed.',
  disputeTooLate: 'The 48 hours to dispute this refusal have passed.',
  disputeTwice: 'You have already disputed this refusal.',
  chooseRefusalDecision: 'Choose whether the refusal stands or is withdrawn.',
  refusalNotDisputed: 'This refusal is not waiting for a decision.',
  codNotBlocked: 'This buyer can already pay cash on delivery.',
} as const;

/**
 * Cash on delivery refused after refusals at the door (issue 46), naming the Gulf day it lifts:
 * with COD the only way to pay, it says plainly that checkout waits until then.
 */
export const codBlockedUntil = (date: string) =>
  `You can't pay cash on delivery until ${date}: deliveries to you were refused at the door. Cash on delivery is the only way to pay on Souq, so checkout is closed to you until then.`;

/** An order over COD_MAX_AED: "Cash on delivery is for orders up to AED 6,500.00." */
export const codOrderTooLarge = (maximum: string) =>
  `Cash on delivery is for orders up to ${maximum}. Remove something from your cart to check out.`;

/** A buyer at COD_MAX_OPEN_ORDERS: "You already have 5 orders on their way…" */
export const codTooManyOpen = (count: number) =>
  `You already have ${count} orders waiting for delivery. Check out again once one has arrived.`;
