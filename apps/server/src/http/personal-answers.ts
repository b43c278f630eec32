import type { IncomingMessage } from 'node:http';
import type { UserRow } from '../db/schema.js';
import { Lru } from '../lib/lru.js';
import { compressNow, type Encoding } from './compression.js';
import { wireOf, type Wire } from './wire.js';

/**
 * A shared answer's parts that are the reader's own ("liked by me"), read for a signed-in reader:
 * the fields to put over the shared answer's, or null when this reader's answer is not the shared
 * one with a few fields changed (Fastify builds it then).
 */
export type Personalize = (user: UserRow) => Promise<Record<string, unknown> | null>;

/** The session cookie's value in a raw request's Cookie header, without parsing the other cookies. */
export function sessionTokenOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const at = header.indexOf(`${name}=`);
  if (at < 0 || (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';')) return undefined;
  const start = at + name.length + 1;
  const end = header.indexOf(';', start);
  const value = header.slice(start, end < 0 ? undefined : end).trim();
  return value || undefined;
}

/**
 * The variants of one shared answer for signed-in readers (issue 43): the shared answer with each
 * reader's own fields put over it. Readers with the same fields (not liked, not reviewed, not the
 * owner: most of them) share one variant, built once: the shared JSON parsed, the fields set,
 * serialized and (per encoding) compressed once. Its headers are those Fastify sent with this
 * URL's answer in that encoding (the same for every reader), but for the length.
 */
export function personalVariants(shared: { body: string | Buffer }) {
  let parsed: Record<string, unknown> | undefined;
  const variants = new Lru<string, Wire>(16);
  // A reader's fields remembered with the answer (shared-answers.ts) come back as the same object:
  // their wires are found by it, without writing the fields out again.
  const byFields = new WeakMap<Record<string, unknown>, Partial<Record<Encoding | 'identity', Wire>>>();
  return (
    fields: Record<string, unknown>,
    encoding: Encoding | 'identity',
    headers: Record<string, Wire['headers'][number]>,
  ): Wire => {
    const known = byFields.get(fields);
    if (known?.[encoding]) return known[encoding];
    const key = `${encoding} ${JSON.stringify(fields)}`;
    let wire = variants.get(key);
    if (!wire) {
      parsed ??= JSON.parse(String(shared.body)) as Record<string, unknown>;
      const json = Buffer.from(JSON.stringify(Object.assign({ ...parsed }, fields)));
      const body = encoding === 'identity' ? json : compressNow[encoding](json);
      wire = wireOf(headers, body);
      variants.set(key, wire);
    }
    if (known) known[encoding] = wire;
    else byFields.set(fields, { [encoding]: wire });
    return wire;
  };
}
