import type { FastifyInstance } from 'fastify';
import { API, MSG, PROBLEM_PHOTOS_MAX } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { filesOf, readForm, uploadRoutes, type FormLimits } from '../../http/multipart.js';
import { sendPrivateFile } from '../../http/private-file.js';
import { gatedUser } from '../../http/session.js';
import type { AftersaleService } from './service.js';

const C = API.aftersale;
/** One photo more than allowed is read, so that sending five is told "at most 4", not cut off. */
const PROBLEM_FORM: FormLimits = { files: PROBLEM_PHOTOS_MAX + 1, fields: 5 };

export function aftersaleRoutes(aftersale: AftersaleService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const line = notFoundAs(MSG.lineNotFound);
    const problem = notFoundAs(MSG.problemNotFound);
    const seller = notFoundAs(MSG.userNotFound);

    app.route({
      ...routeOf(C.cancelLate),
      ...line,
      handler: async (request) => aftersale.shipping.cancelLate(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.rate),
      ...line,
      handler: async (request, reply) =>
        reply.status(201).send(await aftersale.ratings.rate(gatedUser(request), request.params.id, request.body)),
    });
    app.route({
      ...routeOf(C.reply),
      ...notFoundAs(MSG.ratingNotFound),
      handler: async (request) => aftersale.ratings.reply(gatedUser(request), request.params.id, request.body.text),
    });
    app.route({
      ...routeOf(C.standing),
      ...seller,
      handler: async (request) => aftersale.ratings.standing(request.params.id),
    });
    app.route({
      ...routeOf(C.ratings),
      ...seller,
      handler: async (request) => aftersale.ratings.ofSeller(request.params.id, request.query),
    });
    app.route({ ...routeOf(C.mine), handler: async (request) => aftersale.mine(gatedUser(request)) });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.openProblem),
        ...line,
        handler: async (request, reply) => {
          const user = gatedUser(request);
          const form = await readForm(request, C.openProblem.form, PROBLEM_FORM);
          const photos = filesOf(form, 'photos').map((f) => f.path);
          return reply.status(201).send(await aftersale.problems.open(user, request.params.id, form.fields, photos));
        },
      });
    });

    app.route({
      ...routeOf(C.problemPhoto),
      ...problem,
      handler: async (request, reply) =>
        sendPrivateFile(reply, await aftersale.problems.photo(gatedUser(request), request.params.id, request.params.n)),
    });
    app.route({
      ...routeOf(C.answer),
      ...problem,
      handler: async (request) => aftersale.problems.answer(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.escalate),
      ...problem,
      handler: async (request) => aftersale.problems.escalate(gatedUser(request), request.params.id, request.body.text),
    });
    app.route({ ...routeOf(C.disputes), handler: async () => aftersale.problems.disputes() });
    app.route({
      ...routeOf(C.decide),
      ...problem,
      handler: async (request) => aftersale.problems.decide(gatedUser(request), request.params.id, request.body),
    });
  };
}
