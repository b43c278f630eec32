import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { PHOTO_FORM, filesOf, readForm, uploadRoutes } from '../../http/multipart.js';
import { SHARED_ANSWER } from '../../http/shared-answers.js';
import { gatedUser } from '../../http/session.js';
import type { Services } from '../module.js';
import type { ProfilesService } from './service.js';

const C = API.profiles;

/** A profile's product tabs are the catalog's lists; `services` is read at request time. */
export function profilesRoutes(profiles: ProfilesService, services: Pick<Services, 'catalog'>) {
  const userRoute = notFoundAs(MSG.userNotFound);
  // A seller's products are the same for every reader.
  const sellersProducts = { config: { ...userRoute.config, ...SHARED_ANSWER.config } };

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({ ...routeOf(C.get), ...userRoute, handler: async (request) => profiles.get(request.currentUser, request.params.id) });
    app.route({ ...routeOf(C.products), ...sellersProducts, handler: async (request) => services.catalog.byOwner(request.params.id, request.query) });

    app.route({ ...routeOf(C.update), handler: async (request) => {
      const user = gatedUser(request);
      await profiles.update(user, request.body);
      return profiles.get(user, user.id);
    } });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({ ...routeOf(C.photo), handler: async (request) => {
        const user = gatedUser(request);
        // The contract requires the photo, so readForm has refused a form without one.
        const [photo] = filesOf(await readForm(request, C.photo.form, PHOTO_FORM), 'photo');
        return profiles.setPhoto(user, photo!.path);
      } });
    });

    app.route({ ...routeOf(C.likes), handler: async (request) => services.catalog.likedBy(gatedUser(request).id, request.query) });

    // Following needs a verified email: signed in is not enough.
    app.route({ ...routeOf(C.follow), ...userRoute, handler: async (request) => ({
      following: true,
      followersCount: await profiles.follow(gatedUser(request), request.params.id),
    }) });
    app.route({ ...routeOf(C.unfollow), ...userRoute, handler: async (request) => ({
      following: false,
      followersCount: await profiles.unfollow(gatedUser(request), request.params.id),
    }) });
  };
}
