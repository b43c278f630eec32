/**
 * The words of a show's promotions (issue 47): flash sales and giveaways. Part of `MSG`
 * (messages.ts), kept here so neither file runs long.
 */
export const SHOW_PROMO_MSG = {
  // Flash sales.
  flashSecondsRange: 'A flash sale runs for 10 to 300 seconds.',
  flashPerBuyerRange: 'The limit per buyer must be a whole number from 1 to the stock.',
  flashPriceNotLower: 'A flash sale price must be lower than the shop price.',
  flashNeedsLive: 'Start the show before running a flash sale.',
  flashEnded: 'This flash sale has ended.',
  flashLimitReached: 'You have bought as many as this flash sale allows.',
  // Giveaways.
  giveawaySecondsRange: 'A giveaway runs for 15 seconds to 10 minutes.',
  giveawayEligibilityInvalid: 'Choose who may enter.',
  giveawayFeeInvalid: 'Enter a delivery charge from AED 0 to AED 100.',
  giveawayTermsRequired: 'Confirm that you follow the rules on prize promotions.',
  giveawayNeedsLive: 'Start the show before running a giveaway.',
  giveawayRunning: 'A giveaway is already running in this show.',
  giveawayNotFound: 'This giveaway was not found.',
  giveawayEnded: 'This giveaway has ended.',
  giveawayEnteredAlready: 'You have already entered this giveaway.',
  giveawayHostCannotEnter: 'You cannot enter your own giveaway.',
  giveawayFollowersOnly: 'This giveaway is for the host’s followers: follow them to enter.',
  giveawayBuyersOnly: 'This giveaway is for buyers in this show.',
  // Rehearsals.
  rehearsalPaceInvalid: 'Choose how busy the simulated bidders are.',
  rehearsalNotScheduled: 'A rehearsal starts now: it cannot be scheduled.',
  // Replays.
  replayNotWebm: 'A recording must be a WebM video.',
  replayPieceTooLarge: 'A piece of the recording can be at most 16 MB.',
  replayFromStart: 'Send the recording from its first piece.',
  replayFinished: 'This show’s recording is already finished.',
  replayNotFound: 'This show has no replay.',
  replayStartedElsewhere: 'This show’s recording began on an earlier page: it keeps what that page sent.',
} as const;
