import { z } from 'zod';
import { ApiErrorSchema, endpoint } from './endpoint.js';

const tag = 'Service';

export const system = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: "Liveness: whether this instance's database answers",
    description:
      "Liveness: 200 with the kind of database while this instance's database answers a query, 503 `SERVICE_UNAVAILABLE` when it does not.",
    tag,
    access: 'public',
    responses: { 200: z.object({ ok: z.boolean(), db: z.enum(['sqlite', 'postgres']) }), 503: ApiErrorSchema },
    errors: [],
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: whether a balancer should send people here',
    description:
      'Readiness, for a load balancer: 200 while the database, Redis (when one is used) and file storage each answer within 2 seconds and the instance is not shutting down; otherwise 503 `SERVICE_UNAVAILABLE` naming what is out of reach.',
    tag,
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }), 503: ApiErrorSchema },
    errors: [],
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    description: 'This OpenAPI 3.1 document, generated from the same contract the server registers its routes from.',
    tag,
    access: 'public',
    responses: {},
    other: {
      200: {
        description: 'OpenAPI 3.1, generated from the contract in packages/shared/src/contract.',
        contentType: 'application/json',
      },
    },
    errors: [],
  }),
  docs: endpoint({
    method: 'GET',
    path: '/api/docs',
    summary: 'A browsable reference of this document',
    description:
      'Redirects to `/api/docs/`, a browsable HTML reference of this document (Scalar) whose scripts are served by this server.',
    tag,
    access: 'public',
    responses: {},
    other: {
      301: {
        description: 'To `/api/docs/`: an HTML page (Scalar) whose script is served from this server.',
        contentType: null,
      },
    },
    errors: [],
  }),
};
