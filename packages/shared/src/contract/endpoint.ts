import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone (a session, when sent, is read: "liked by me"), anyone signed
 * in, only someone whose email is verified, or only Souq's staff (issue 31; 403 FORBIDDEN for others).
 */
export type Access = 'public' | 'user' | 'verified' | 'staff';

/**
 * Why a suspended person may still make a write (issue 42): it touches only their own account,
 * settings or saved things ('own'), completes or disputes an order they are already part of
 * ('order'), or takes something of theirs back or down ('withdraw'). See `refusedWhileSuspended`.
 */
export type OpenWhileSuspended = 'own' | 'order' | 'withdraw';

/** An answer that is not JSON: no body (204), a redirect, a file or a page. */
export interface OtherAnswer {
  description: string;
  /** Null when the answer has no body. */
  contentType: string | null;
}

/** One file field of a multipart form. */
export interface FormFile {
  maxCount: number;
  description: string;
  /** The refusal when none is sent, for a form that cannot do without it. */
  required?: string;
  /** The refusal when more than `maxCount` are sent; without it, only the first `maxCount` are read. */
  tooMany?: string;
}

/**
 * A multipart form: the schema its text fields are parsed with as it arrives (every value is text:
 * the schema reads numbers from decimal text), and its files.
 */
export interface MultipartForm {
  fields: z.ZodType;
  files: Record<string, FormFile>;
}

/**
 * One HTTP endpoint, declared once: the server registers its route from this (validating params,
 * query and body before the handler, serializing each answer through its schema), the OpenAPI
 * document is generated from it, and the browser's client is typed by it.
 */
export interface Endpoint {
  method: Method;
  /** Fastify's syntax: `/api/products/:id`. */
  path: string;
  summary: string;
  /** What a client team needs beyond the summary: what it does, to what, and what it answers. */
  description: string;
  tag: string;
  access: Access;
  /** Set on the signed-in writes a suspended person may still make; every other one refuses them. */
  openWhileSuspended?: OpenWhileSuspended;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body instead, read by the handler as it streams (files go to disk). */
  form?: MultipartForm;
  /** Headers the endpoint reads, for the document (the service checks them). */
  headers?: z.ZodObject;
  /** JSON answers by status. */
  responses: Partial<Record<number, z.ZodType>>;
  /** Answers that are not JSON. */
  other?: Partial<Record<number, OtherAnswer>>;
  /** The `{ error }` codes this endpoint may answer, beyond those every endpoint may (see COMMON_ERRORS). */
  errors: readonly ErrorCode[];
  /** A request body that works, for the document. */
  example?: unknown;
  /** A successful answer as the server sends it, for the document (its 2xx answer's example). */
  answerExample?: unknown;
  /** The answer starts a session (sets the `souq_sid` cookie) or ends this browser's (clears it). */
  session?: 'starts' | 'ends';
}

/**
 * Whether a suspended person is refused this endpoint (403 FORBIDDEN, MSG.accountSuspended): every
 * signed-in write that reaches or affects other people (selling, buying, bidding, rating, reviewing,
 * reporting, following, moderating, the public profile), so all of them unless the entry says why
 * not. Reads stay open; public writes are anyone's, signed in or not; staff are never suspended.
 */
export const refusedWhileSuspended = (e: Pick<Endpoint, 'method' | 'access' | 'openWhileSuspended'>): boolean =>
  e.method !== 'GET' && (e.access === 'user' || e.access === 'verified') && !e.openWhileSuspended;

/** Declares an endpoint, keeping its literal types for the route and the client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** Every API error: `{ error: { code, message, fields? } }`; `fields` names each field's first problem. */
export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({
    examples: [
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please fill in all fields.',
          fields: { email: 'Please fill in all fields.' },
        },
      },
    ],
  });

/** Errors any endpoint may answer: a fault of ours, or an instance shutting down. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['INTERNAL', 'SERVICE_UNAVAILABLE'];

export const OkSchema = z.object({ ok: z.literal(true) });
export const MessageSchema = z.object({ message: z.string() });

/** Every id we issue is a UUID; a path parameter that is not one is a 404 before any handler. */
export const IdSchema = z.string().meta({ format: 'uuid' });
export const IdParams = z.object({ id: IdSchema });

/**
 * `{ id }` for a path whose id names one kind of thing, with what it names for the document
 * (`idParams("The product's id.")`): the same shape and validation as `IdParams`.
 */
export const idParams = (description: string) => z.object({ id: IdSchema.describe(description) });

/**
 * The `Idempotency-Key` header, the one way a client names an attempt a retry must not repeat (a
 * bid, a purchase, an order): 8–64 of A–Z, a–z, 0–9, `_`, `-`. Documented here; the service checks it.
 */
export const idempotencyHeader = (effect: string, required = false) =>
  z.object({
    'idempotency-key': (required ? z.string() : z.string().optional()).meta({
      description: `The client's name for this attempt (8–64 of A–Z, a–z, 0–9, "_", "-"): a retry with it ${effect} once.${required ? ' Required.' : ''}`,
    }),
  });
