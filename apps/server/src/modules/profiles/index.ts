import { defineModule } from '../module.js';
import { profilesRoutes } from './routes.js';
import { createProfilesService } from './service.js';

export const profilesModule = defineModule({
  name: 'profiles',
  create(ctx) {
    const service = createProfilesService({
      db: ctx.db,
      clock: ctx.clock,
      media: ctx.media,
      isUsernameTaken: (username, exceptUserId) => ctx.services.accounts.isUsernameTaken(username, exceptUserId),
    });
    return { service, routes: profilesRoutes(service), referencedUploads: () => service.referencedUploads() };
  },
});
