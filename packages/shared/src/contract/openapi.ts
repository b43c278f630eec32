import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.js';
import { blankToUndefined } from '../schemas/blank.js';
import { ApiErrorSchema, COMMON_ERRORS, refusedWhileSuspended, type Endpoint } from './endpoint.js';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

/** The registry zod reads metadata from: every schema's own (descriptions, formats), plus a component name where one is given. */
type Metadata = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['metadata'];

function metadataNaming(names: ReadonlyMap<z.ZodType, string>): Metadata {
  return {
    get(schema: z.ZodType) {
      const own = z.globalRegistry.get(schema);
      const id = names.get(schema);
      return id ? { ...own, id } : own;
    },
  } as unknown as Metadata;
}

/** A field read through blankToUndefined: as a request, `''` and `null` are accepted too, meaning "not given". */
function blankMeansNone({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Json }): void {
  const def = (zodSchema as { _zod?: { def?: { type?: string; in?: { _zod?: { def?: { transform?: unknown } } } } } })
    ._zod?.def;
  if (def?.type !== 'pipe' || def.in?._zod?.def?.transform !== blankToUndefined) return;
  const given = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) if (key !== 'description' && key !== 'default') delete jsonSchema[key];
  jsonSchema.anyOf = [given, { enum: ['', null], description: 'Not given.' }];
}

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as accepted, answers as sent. */
function jsonSchema(schema: z.ZodType, io: Io, metadata?: Metadata): Json {
  // `unrepresentable: 'any'`: a preprocessed field (blank text taken as missing) is documented as any value.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: blankMeansNone } : {}),
    ...(metadata ? { metadata } : {}),
  }) as Json;
  return json;
}

/**
 * Bodies and answers with their named parts as `#/components/schemas/…`, so a generated client has
 * a model per concept. A schema is named after its export (`ProductDetailSchema` → ProductDetail);
 * as a request it is `…Input`, since what is accepted (defaults, optional fields) is not what is sent.
 */
class Components {
  readonly schemas: Record<string, Json> = {};
  private readonly metadata: Metadata;
  constructor(names: ReadonlyMap<z.ZodType, string>) {
    this.metadata = metadataNaming(names);
  }

  of(schema: z.ZodType, io: Io): Json {
    const { $defs, ...json } = jsonSchema(schema, io, this.metadata) as Json & { $defs?: Record<string, Json> };
    const nameOf = (id: string) => (io === 'input' && !/(Input|Query)$/.test(id) ? `${id}Input` : id);
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([key, value]) =>
          key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${nameOf(value.slice('#/$defs/'.length))}`]
            : [key, rewrite(value)],
        ),
      );
    };
    for (const [id, def] of Object.entries($defs ?? {})) {
      const name = nameOf(id);
      const body = rewrite(def) as Json;
      const known = this.schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(body))
        throw new Error(`two different schemas are named ${name} in the OpenAPI document`);
      this.schemas[name] = body;
    }
    return rewrite(json) as Json;
  }
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

function requestBody(endpoint: Endpoint, components: Components): Json | undefined {
  if (endpoint.body) {
    const schema = components.of(endpoint.body, 'input');
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

/** The cookie a sign-in sets, or a sign-out clears, on the answers that do. */
function sessionCookie(endpoint: Endpoint): Json {
  if (!endpoint.session) return {};
  const description =
    endpoint.session === 'starts'
      ? 'The session: `souq_sid=<token>; Path=/; HttpOnly; SameSite=Lax; Expires=<in SESSION_DAYS>` (Secure over HTTPS). Send it back as the `session` security scheme.'
      : "Clears this browser's session: `souq_sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`.";
  return { headers: { 'Set-Cookie': { description, schema: { type: 'string' } } } };
}

function responses(endpoint: Endpoint, components: Components): Json {
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
            ...sessionCookie(endpoint),
            content: {
              'application/json': {
                schema: components.of(schema!, 'output'),
                ...(endpoint.answerExample !== undefined && Number(status) < 300
                  ? { example: endpoint.answerExample }
                  : {}),
              },
            },
          };
  }
  for (const [status, other] of Object.entries(endpoint.other ?? {})) {
    out[status] = {
      description: other!.description,
      ...(Number(status) < 400 ? sessionCookie(endpoint) : {}),
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

/** The endpoint's own description, then who may call it, in words, when it is not everyone signed in. */
function describeAccess(endpoint: Endpoint): Json {
  const words = [
    endpoint.description ?? '',
    endpoint.access === 'verified' ? 'Needs a verified email: otherwise 403 `EMAIL_NOT_VERIFIED`.' : '',
    endpoint.access === 'staff' ? 'Souq staff only: otherwise 403 `FORBIDDEN`.' : '',
    refusedWhileSuspended(endpoint) ? 'Refused while the account is suspended: 403 `FORBIDDEN`.' : '',
  ].filter(Boolean);
  return words.length ? { description: words.join('\n\n') } : {};
}

export interface DocumentInfo {
  version: string;
  serverUrl?: string;
  /** Each endpoint's name in the contract (`products.get`), its operationId. */
  operationIds: ReadonlyMap<Endpoint, string>;
  /** The names of the shared schemas (`ProductDetail`), for the document's components. */
  schemaNames?: ReadonlyMap<z.ZodType, string>;
  /** One sentence per tag. */
  tags?: Readonly<Record<string, string>>;
}

/**
 * The OpenAPI 3.1 document of every endpoint in the contract: what the server registers its
 * routes from is what this says, so the two cannot drift.
 */
export function openApiDocument(endpoints: readonly Endpoint[], info: DocumentInfo): Json {
  const paths: Record<string, Json> = {};
  const components = new Components(info.schemaNames ?? new Map());
  for (const endpoint of endpoints) {
    const operationId = info.operationIds.get(endpoint);
    if (!operationId) throw new Error(`${endpoint.method} ${endpoint.path} has no name in the contract`);
    const operation: Json = {
      operationId,
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
      responses: responses(endpoint, components),
    };
    const body = requestBody(endpoint, components);
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
      ...(info.serverUrl ? { contact: { name: 'Souq', url: `${info.serverUrl}/api/docs/` } } : {}),
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({
      name,
      ...(info.tags?.[name] ? { description: info.tags[name] } : {}),
    })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(ApiErrorSchema, 'output'), ...components.schemas },
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
