import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { PHOTO_FORM, filesOf, readMultipart, uploadRoutes } from '../../http/multipart.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { ProfilesService } from './service.js';

const C = API.profiles;

/** A profile's product tabs (its products, my likes) are the catalog's routes: catalog/profile-routes.ts. */
export function profilesRoutes(profiles: ProfilesService) {
  const userRoute = notFoundAs(MSG.userNotFound);

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({ ...routeOf(C.get), ...userRoute, handler: async (request) => profiles.get(request.currentUser, request.params.id) });

    app.route({ ...routeOf(C.update), handler: async (request) => {
      await profiles.update(requireUser(request), request.body);
      return profiles.get(request.currentUser, request.currentUser!.id);
    } });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({ ...routeOf(C.photo), handler: async (request) => {
        const user = requireUser(request);
        return profiles.setPhoto(user, filesOf(await readMultipart(request, PHOTO_FORM), 'photo')[0]?.path);
      } });
    });

    // Following needs a verified email: signed in is not enough.
    app.route({ ...routeOf(C.follow), ...userRoute, handler: async (request) => ({
      following: true,
      followersCount: await profiles.follow(requireVerifiedUser(request), request.params.id),
    }) });
    app.route({ ...routeOf(C.unfollow), ...userRoute, handler: async (request) => ({
      following: false,
      followersCount: await profiles.unfollow(requireVerifiedUser(request), request.params.id),
    }) });
  };
}
