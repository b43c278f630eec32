import type { UserRow } from '../../db/schema.js';
import { createAttempts } from './attempts.js';
import type { DeliveryDeps } from './deps.js';
import { createCodStanding } from './standing.js';
import { deliveryStats } from './stats.js';

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/** Delivery (issue 46), joined from its parts: attempts at the door, and cash on delivery's standing. */
export function createDeliveryService(deps: DeliveryDeps) {
  return {
    ...createAttempts(deps),
    ...createCodStanding(deps),
    stats: (seller: UserRow) => deliveryStats(deps, seller.id),
  };
}
