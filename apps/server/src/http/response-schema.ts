import { z } from 'zod';

/** A zod schema as the JSON Schema (draft-07) that Fastify compiles into a route's serializer. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return json;
}
