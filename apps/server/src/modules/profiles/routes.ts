import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { PHOTO_FORM, filesOf, readForm, uploadRoutes } from '../../http/multipart.js';
import { gatedUser } from '../../http/session.js';
import type { ProfilesService } from './service.js';

const C = API.profiles;

/** A profile's product tabs (its products, my likes) are the catalog's routes: catalog/profile-routes.ts. */
export function profilesRoutes(profiles: ProfilesService) {
  const userRoute = notFoundAs(MSG.userNotFound);

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.get),
      ...userRoute,
      handler: async (request) => profiles.get(request.currentUser, request.params.id),
    });

    app.route({ ...routeOf(C.taxDetails), handler: async (request) => profiles.taxDetails(gatedUser(request).id) });
    app.route({
      ...routeOf(C.saveTaxDetails),
      handler: async (request) => profiles.saveTaxDetails(gatedUser(request).id, request.body),
    });

    app.route({
      ...routeOf(C.update),
      handler: async (request) => {
        const user = gatedUser(request);
        await profiles.update(user, request.body);
        return profiles.get(user, user.id);
      },
    });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.photo),
        handler: async (request) => {
          const user = gatedUser(request);
          // The contract requires the photo, so readForm has refused a form without one.
          const [photo] = filesOf(await readForm(request, C.photo.form, PHOTO_FORM), 'photo');
          return profiles.setPhoto(user, photo!.path);
        },
      });
    });

    // Following needs a verified email: signed in is not enough.
    app.route({
      ...routeOf(C.follow),
      ...userRoute,
      handler: async (request) => ({
        following: true,
        followersCount: await profiles.follow(gatedUser(request), request.params.id),
      }),
    });
    app.route({
      ...routeOf(C.unfollow),
      ...userRoute,
      handler: async (request) => ({
        following: false,
        followersCount: await profiles.unfollow(gatedUser(request), request.params.id),
      }),
    });
  };
}
