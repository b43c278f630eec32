import { z } from 'zod';
import { GIVEAWAY_ELIGIBILITIES, GIVEAWAY_FEE_MAX, GIVEAWAY_SECONDS_MAX, GIVEAWAY_SECONDS_MIN } from '../live.js';
import { MSG } from '../messages.js';
import { idString } from '../text.js';
import { typedNumber } from '../validation.js';

/**
 * A show's giveaway (issue 47): one of the host's products, who may enter, a timer on the
 * server's clock, and what the winner pays for delivery (fils, AED 0–100). The host confirms that
 * the Gulf's rules on prize promotions are theirs to follow.
 */
export const GiveawaySchema = z.object({
  productId: idString(MSG.streamChooseProduct),
  eligibility: z.enum(GIVEAWAY_ELIGIBILITIES, { error: MSG.giveawayEligibilityInvalid }),
  seconds: typedNumber(
    z
      .number({ error: MSG.giveawaySecondsRange })
      .int(MSG.giveawaySecondsRange)
      .min(GIVEAWAY_SECONDS_MIN, MSG.giveawaySecondsRange)
      .max(GIVEAWAY_SECONDS_MAX, MSG.giveawaySecondsRange),
  ),
  deliveryFee: typedNumber(
    z
      .number({ error: MSG.giveawayFeeInvalid })
      .int(MSG.giveawayFeeInvalid)
      .min(0, MSG.giveawayFeeInvalid)
      .max(GIVEAWAY_FEE_MAX, MSG.giveawayFeeInvalid),
  ).default(0),
  acceptTerms: z.literal(true, { error: MSG.giveawayTermsRequired }),
});
export type GiveawayInput = z.output<typeof GiveawaySchema>;
