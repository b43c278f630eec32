import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { ApiErrorSchema, COMMON_ERRORS, refusedWhileSuspended, type Endpoint } from './endpoint.js';

type Json = Record<string, unknown>;

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as accepted, answers as sent. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  // `unrepresentable: 'any'`: a preprocessed field (blank text taken as missing) is documented as any value.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return json;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header'): Json[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBody(endpoint: Endpoint): Json | undefined {
  if (endpoint.body) {
    const schema = jsonSchema(endpoint.body, 'input');
    return {
      required: true,
      content: {
        'application/json': { schema, ...(endpoint.example === undefined ? {} : { example: endpoint.example }) },
      },
    };
  }
  if (endpoint.form) {
    const fields = jsonSchema(endpoint.form.fields, 'input');
    const files = Object.fromEntries(
      Object.entries(endpoint.form.files).map(([name, file]) => {
        const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
        return [
          name,
          file.maxCount === 1
            ? { ...binary, description: file.description }
            : { type: 'array', items: binary, maxItems: file.maxCount, description: file.description },
        ];
      }),
    );
    const properties = { ...((fields.properties ?? {}) as Json), ...files };
    const neededFiles = Object.entries(endpoint.form.files)
      .filter(([, file]) => file.required)
      .map(([name]) => name);
    const required = [...((fields.required ?? []) as string[]), ...neededFiles];
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
  }
  return undefined;
}

function responses(endpoint: Endpoint): Json {
  const out: Json = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    out[status] =
      schema === ApiErrorSchema
        ? {
            description: 'Not available now.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          }
        : {
            description: status === '201' ? 'Created.' : 'OK.',
            content: { 'application/json': { schema: jsonSchema(schema!, 'output') } },
          };
  }
  for (const [status, other] of Object.entries(endpoint.other ?? {})) {
    out[status] = {
      description: other!.description,
      ...(other!.contentType ? { content: { [other!.contentType]: { schema: {} } } } : {}),
    };
  }
  // Every write is refused from another site's page (the origin check).
  const unsafe: ErrorCode[] = endpoint.method === 'GET' ? [] : ['CROSS_SITE'];
  if (refusedWhileSuspended(endpoint)) unsafe.push('FORBIDDEN');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...endpoint.errors, ...unsafe, ...COMMON_ERRORS]) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (out[status]) continue;
    out[status] = {
      description: `\`error.code\`: ${codes.join(', ')}.`,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ApiError' },
          examples: Object.fromEntries(codes.map((code) => [code, { value: { error: { code, message: '…' } } }])),
        },
      },
    };
  }
  return out;
}

/** Who may call the endpoint, in words, when it is not everyone signed in. */
function describeAccess(endpoint: Endpoint): Json {
  const words = [
    endpoint.access === 'verified' ? 'Needs a verified email: otherwise 403 `EMAIL_NOT_VERIFIED`.' : '',
    endpoint.access === 'staff' ? 'Souq staff only: otherwise 403 `FORBIDDEN`.' : '',
    refusedWhileSuspended(endpoint) ? 'Refused while the account is suspended: 403 `FORBIDDEN`.' : '',
  ].filter(Boolean);
  return words.length ? { description: words.join(' ') } : {};
}

/**
 * The OpenAPI 3.1 document of every endpoint in the contract: what the server registers its
 * routes from is what this says, so the two cannot drift.
 */
export function openApiDocument(endpoints: readonly Endpoint[], info: { version: string; serverUrl?: string }): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    const operation: Json = {
      operationId: `${endpoint.method.toLowerCase()}${openApiPath(endpoint.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      // Public endpoints read the session when there is one ("liked by me"); the others need it.
      security: endpoint.access === 'public' ? [{}, { session: [] }] : [{ session: [] }],
      ...describeAccess(endpoint),
      parameters: [
        ...parameters(endpoint.params, 'path'),
        ...parameters(endpoint.query, 'query'),
        ...parameters(endpoint.headers, 'header'),
      ],
      responses: responses(endpoint),
    };
    const body = requestBody(endpoint);
    if (body) operation.requestBody = body;
    (paths[openApiPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Souq API',
      version: info.version,
      description:
        "The marketplace's HTTP API. Amounts are integer fils (1 AED = 100 fils). Every error is `{ error: { code, message, fields? } }`, " +
        "`fields` naming each field's first problem. Writes from a browser must come from Souq's own origin. Live updates (bids, chat) " +
        'come over Socket.IO and are not described here.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(ApiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'souq_sid',
          description: 'The session cookie set by sign-in (HttpOnly).',
        },
      },
    },
  };
}
