import { defineModule, portOf } from '../module.js';
import { createOidcSignIn } from './oidc.js';
import { ACCOUNTS_PORT } from './port.js';
import { accountsRoutes } from './routes.js';
import { createAccountsService } from './service.js';

export const accountsModule = defineModule([], (ctx, _needs: object) => {
  const { db, clock, config, mailer, log } = ctx;
  const service = createAccountsService({
    db,
    clock,
    mailer,
    log,
    afterAnswer: ctx.afterAnswer,
    avatarUrl: ctx.media.avatarUrl,
    publicUrl: config.publicUrl,
    sessionDays: config.sessionDays,
  });
  const oidc = createOidcSignIn({ db, clock, publicUrl: config.publicUrl, settings: config.oidc });
  return {
    service,
    port: portOf(service, ACCOUNTS_PORT),
    routes: accountsRoutes(service, oidc, config.authRateLimit),
    jobs: [{ name: 'accounts.sweep-expired', everyMs: 3600_000, run: () => service.removeExpired() }],
  };
});
