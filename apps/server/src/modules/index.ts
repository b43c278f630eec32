import { accountsModule } from './accounts/index.js';
import { auctionsModule } from './auctions/index.js';
import { catalogModule } from './catalog/index.js';
import { feedModule } from './feed/index.js';
import type { SouqModule } from './module.js';
import { notificationsModule } from './notifications/index.js';
import { ordersModule } from './orders/index.js';
import { profilesModule } from './profiles/index.js';
import { reviewsModule } from './reviews/index.js';
import { streamsModule } from './streams/index.js';

/** Every module, in the order they are created: a module may use the services listed before it while being created. */
export const MODULES: SouqModule[] = [
  accountsModule,
  profilesModule,
  catalogModule,
  reviewsModule,
  ordersModule,
  notificationsModule,
  auctionsModule,
  streamsModule,
  feedModule,
];
