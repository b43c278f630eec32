import { mailLater } from '../../lib/mail-later.js';
import { defineModule } from '../module.js';
import { privacyRoutes } from './routes.js';
import { createPrivacyService, type PrivacyPorts } from './service.js';

/**
 * Data rights (issue 45, ADR 0046): last in the order, as the dashboard is, because a person's data
 * lies in the tables of every module before it. It reads them for the export and, in the erasure's
 * one transaction, writes them (queries.ts says why that is this module's own SQL).
 */
export const privacyModule = defineModule(['accounts', 'notifications'], (ctx, needs: PrivacyPorts) => {
  const service = createPrivacyService({
    db: ctx.db,
    clock: ctx.clock,
    media: ctx.media,
    mailLater: mailLater(ctx.mailer, ctx.log, 'data export mail failed'),
    afterAnswer: ctx.afterAnswer,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
    ports: needs,
  });
  return {
    service,
    routes: privacyRoutes(service),
    jobs: [{ name: 'privacy.exports', everyMs: 60_000, run: () => service.buildPending().then(() => undefined) }],
    referencedUploads: service.referencedUploads,
  };
});
