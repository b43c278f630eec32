import type { DeliveryOutcome } from '@souq/shared';
import type { MessageKey } from '../../i18n';

/** Each outcome's words, as the seller picks it and both sides read it. */
export const OUTCOME_KEYS: Record<DeliveryOutcome, MessageKey> = {
  delivered: 'delivery.outcome.delivered',
  not_reachable: 'delivery.outcome.not_reachable',
  refused: 'delivery.outcome.refused',
  wrong_address: 'delivery.outcome.wrong_address',
};
