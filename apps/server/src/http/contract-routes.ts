import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import build from 'fast-json-stringify';
import { refusedWhileSuspended, type Endpoint } from '@souq/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailure } from '../lib/errors.js';
import { jsonSchemaOf } from './response-schema.js';
import { refuseSuspended, requireStaff, requireUser, requireVerifiedUser } from './session.js';

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * Params, query and body are parsed by their contract schema before the handler runs; the handler
 * gets the parsed values. A refusal is the same `VALIDATION_FAILED` answer, with the same message and
 * fields, as `parseInput` gives (both call `validationFailure`). A missing body is an empty one.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isZod(schema))
    throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} schema is not a zod schema from the contract`);
  return (data: unknown) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationFailure(result.error) };
  };
};

/**
 * Each answer is written by Fastify's compiled serializer (fast-json-stringify) from the JSON Schema
 * of its contract schema, built once at start: only the fields the schema declares are sent.
 */
const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  build((isZod(schema) ? jsonSchemaOf(schema) : schema) as Parameters<typeof build>[0]) as (data: unknown) => string;

/** Routes registered after this (in any plugin) validate and serialize through their zod schemas. */
export function registerContractCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** The messages a route gives someone it turns away (e.g. "Log in to bid."). */
export interface Gate {
  loggedOut?: string;
  unverified?: string;
}

type RouteOf<E extends Endpoint> = {
  method: E['method'];
  url: E['path'];
  schema: { params: E['params']; querystring: E['query']; body: E['body']; response: E['responses'] };
  preValidation?: (request: FastifyRequest, reply: unknown, done: (error?: Error) => void) => void;
};

/**
 * A route's method, path and schemas from its contract entry, to spread into `app.route()` with the
 * handler. Who may call it is checked before the body is: someone signed out is told to sign in,
 * whatever they sent (as when the handler checked first). The check runs once: the handler takes
 * the user it let in with `gatedUser(request)`. A write that would reach other people also refuses a
 * suspended person there, as its contract entry says (`refusedWhileSuspended`).
 */
export function routeOf<E extends Endpoint>(endpoint: E, gate: Gate = {}): RouteOf<E> {
  const schema: Record<string, unknown> = { response: endpoint.responses };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  const route: Record<string, unknown> = { method: endpoint.method, url: endpoint.path, schema };
  if (endpoint.access !== 'public') {
    const check =
      endpoint.access === 'verified'
        ? (request: FastifyRequest) => requireVerifiedUser(request, gate)
        : endpoint.access === 'staff'
          ? (request: FastifyRequest) => requireStaff(request)
          : (request: FastifyRequest) => requireUser(request, gate.loggedOut);
    const suspensionGated = refusedWhileSuspended(endpoint);
    // A callback hook: an async one costs a promise on every request (issue 6).
    route.preValidation = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
      try {
        const user = check(request);
        if (suspensionGated) refuseSuspended(request, user);
        request.gatedUser = user;
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
  }
  return route as RouteOf<E>;
}

/** The app as routes see it: handlers typed by their contract entry's schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
