import { z } from 'zod';
import { ApiErrorSchema, endpoint } from './endpoint.js';

const tag = 'Service';

export const system = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: "Liveness: whether this instance's database answers",
    tag,
    access: 'public',
    responses: { 200: z.object({ ok: z.boolean(), db: z.enum(['sqlite', 'postgres']) }), 503: ApiErrorSchema },
    errors: [],
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: whether a balancer should send people here',
    tag,
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }), 503: ApiErrorSchema },
    errors: [],
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
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
