import { mailLater } from '../../lib/mail-later.js';
import { defineModule } from '../module.js';
import { savedSearchesRoutes } from './routes.js';
import { createSavedSearchesService, type SavedSearchesDeps } from './service.js';

/** How often the digest job looks for people due a mail; each is mailed at most once per digest period. */
const DIGEST_CHECK_MS = 15 * 60_000;

/**
 * Saved searches and their alerts (issue 32, ADR 0040): last in the order, as it only listens.
 * It hears every listing published (the catalog's products, auctions, shows) through the events
 * seam and matches it after the answer, so listing never waits for it nor fails by it.
 */
export const savedSearchesModule = defineModule(
  ['accounts', 'notifications'],
  (ctx, needs: Pick<SavedSearchesDeps, 'accounts' | 'notifications'>) => {
    const service = createSavedSearchesService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      accounts: needs.accounts,
      notifications: needs.notifications,
      mailLater: mailLater(ctx.mailer, ctx.log, 'saved-search digest failed'),
      publicUrl: ctx.config.publicUrl,
      digestMs: ctx.config.savedSearchDigestMs,
    });
    ctx.subscribe((event) => {
      if (event.type === 'listing.published') ctx.afterAnswer.run(() => service.onPublished(event.listing));
    });
    return {
      service,
      routes: savedSearchesRoutes(service),
      jobs: [
        {
          name: 'alerts.digest',
          everyMs: Math.min(DIGEST_CHECK_MS, ctx.config.savedSearchDigestMs),
          run: () => service.sendDigests(),
        },
        { name: 'alerts.sweep-hits', everyMs: 6 * 3600_000, run: () => service.sweep() },
      ],
    };
  },
);
