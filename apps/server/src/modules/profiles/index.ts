import { defineModule, portOf } from '../module.js';
import type { AccountsPort } from '../accounts/port.js';
import { PROFILES_PORT } from './port.js';
import { profilesRoutes } from './routes.js';
import { createProfilesService } from './service.js';

export const profilesModule = defineModule(
  ['accounts'],
  (ctx, needs: { accounts: Pick<AccountsPort, 'isUsernameTaken'> }) => {
    const service = createProfilesService({
      db: ctx.db,
      clock: ctx.clock,
      media: ctx.media,
      isUsernameTaken: needs.accounts.isUsernameTaken,
    });
    return {
      service,
      port: portOf(service, PROFILES_PORT),
      routes: profilesRoutes(service),
      referencedUploads: () => service.referencedUploads(),
    };
  },
);
