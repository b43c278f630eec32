import type { FastifyInstance } from 'fastify';
import { readMultipart } from '../../http/multipart.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { CatalogService } from '../catalog/service.js';
import type { ProfilesService } from './service.js';

type UserParams = { Params: { id: string }; Querystring: { cursor?: string } };

export function profilesRoutes(profiles: ProfilesService, catalog: CatalogService) {
  return async function routes(app: FastifyInstance) {
    app.get<UserParams>('/api/users/:id', async (request) => profiles.get(request.currentUser, request.params.id));
    app.get<UserParams>('/api/users/:id/products', async (request) => catalog.byOwner(request.params.id, request.query.cursor));

    app.put('/api/me/profile', async (request) => {
      await profiles.update(requireUser(request), request.body);
      return profiles.get(request.currentUser, request.currentUser!.id);
    });

    app.post('/api/me/photo', async (request) => {
      const user = requireUser(request);
      const { files } = await readMultipart(request);
      return profiles.setPhoto(user, files);
    });

    app.get<UserParams>('/api/me/likes', async (request) => catalog.likedBy(requireUser(request).id, request.query.cursor));

    // Following needs a verified email (spec §6: "Verified user: all of the above, plus follow").
    app.put<UserParams>('/api/users/:id/follow', async (request) => ({
      following: true,
      followersCount: await profiles.follow(requireVerifiedUser(request), request.params.id),
    }));
    app.delete<UserParams>('/api/users/:id/follow', async (request) => ({
      following: false,
      followersCount: await profiles.unfollow(requireVerifiedUser(request), request.params.id),
    }));
  };
}
