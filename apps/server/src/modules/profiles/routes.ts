import type { FastifyInstance } from 'fastify';
import { MSG, ProductPageSchema } from '@souq/shared';
import { notFoundAs } from '../../http/id-params.js';
import { PHOTO_FORM, filesOf, readMultipart, uploadRoutes } from '../../http/multipart.js';
import { serializedAs } from '../../http/response-schema.js';
import { SHARED_ANSWER } from '../../http/shared-answers.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { Services } from '../module.js';
import type { ProfilesService } from './service.js';

type UserParams = { Params: { id: string } };

/** A profile's product tabs are the catalog's lists; `services` is read at request time. */
export function profilesRoutes(profiles: ProfilesService, services: Pick<Services, 'catalog'>) {
  const userRoute = notFoundAs(MSG.userNotFound);
  const products = serializedAs(ProductPageSchema);
  // A seller's products are the same for every reader.
  const sellersProducts = { ...products, config: { ...userRoute.config, ...SHARED_ANSWER.config } };

  return async function routes(app: FastifyInstance) {
    app.get<UserParams>('/api/users/:id', userRoute, async (request) => profiles.get(request.currentUser, request.params.id));
    app.get<UserParams>('/api/users/:id/products', sellersProducts, async (request) => services.catalog.byOwner(request.params.id, request.query));

    app.put('/api/me/profile', async (request) => {
      await profiles.update(requireUser(request), request.body);
      return profiles.get(request.currentUser, request.currentUser!.id);
    });

    await uploadRoutes(app, (uploads) => {
      uploads.post('/api/me/photo', async (request) => {
        const user = requireUser(request);
        return profiles.setPhoto(user, filesOf(await readMultipart(request, PHOTO_FORM), 'photo')[0]?.path);
      });
    });

    app.get('/api/me/likes', products, async (request) => services.catalog.likedBy(requireUser(request).id, request.query));

    // Following needs a verified email: signed in is not enough.
    app.put<UserParams>('/api/users/:id/follow', userRoute, async (request) => ({
      following: true,
      followersCount: await profiles.follow(requireVerifiedUser(request), request.params.id),
    }));
    app.delete<UserParams>('/api/users/:id/follow', userRoute, async (request) => ({
      following: false,
      followersCount: await profiles.unfollow(requireVerifiedUser(request), request.params.id),
    }));
  };
}
