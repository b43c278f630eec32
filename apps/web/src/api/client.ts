import type { z } from 'zod';
import type { ApiErrorBody, Endpoint, ErrorCode, FieldErrors, MultipartForm } from '@souq/shared';
import type { Route } from './contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * The server's render of a first screen (entry-server.tsx) has no network to fetch over: it
 * answers the app's requests in-process instead. The browser never calls this.
 */
export function answerRequestsWith(answer: Transport): void {
  transport = answer;
}

const NETWORK_MESSAGE = 'Cannot reach Souq. Check your connection and try again.';

/** `/api/users/:id/follow` → 'id'. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsPart<P extends string> = [PathParams<P>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<P>, string> };
type QueryPart<E> = E extends { query: z.ZodType } ? { query?: z.input<E['query']> } : { query?: never };
type BodyPart<E> = E extends { body: z.ZodType } ? { body: z.input<E['body']> } : { body?: never };
type HeadersPart<E> = E extends { headers: z.ZodObject } ? { headers?: z.input<E['headers']> } : { headers?: never };
/** Multipart: the form as the page built it; `onProgress` gets 0…1 as the upload goes. */
type FormPart<E> = E extends { form: MultipartForm }
  ? { form: FormData; onProgress?: (fraction: number) => void }
  : { form?: never; onProgress?: never };

/** What one call sends: exactly the parts its endpoint declares, typed by the contract's schemas. */
export type RequestOf<E extends Endpoint> = ParamsPart<E['path']> &
  QueryPart<E> &
  BodyPart<E> &
  HeadersPart<E> &
  FormPart<E> & {
    signal?: AbortSignal;
    /** Outlives the page (a last report sent while leaving it). */
    keepalive?: boolean;
  };

type SuccessSchemas<R> = { [S in keyof R]: `${S & number}` extends `2${string}` ? NonNullable<R[S]> : never }[keyof R];
/** The endpoint's 2xx JSON answers; null for one that answers none (204, a redirect). */
export type AnswerOf<E extends Endpoint> = [SuccessSchemas<E['responses']>] extends [never]
  ? null
  : z.output<SuccessSchemas<E['responses']>>;

export type EndpointOf<R extends Route> = NonNullable<R['endpoint']>;
type Args<E extends Endpoint> = object extends RequestOf<E> ? [request?: RequestOf<E>] : [request: RequestOf<E>];

/** The route's path with its `:name` parts filled in: for links and the `src` of what is not fetched. */
export function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

function urlOf(route: Route, params: Record<string, string> | undefined, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const path = pathOf(route, params);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The server's answer as data, or its error shape as an ApiError. */
function answer<T>(status: number, data: unknown): T {
  if (status < 200 || status >= 300) {
    const body = data as Partial<ApiErrorBody> | null;
    throw new ApiError(
      status,
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? `Request failed (${status}).`,
      body?.error?.fields,
    );
  }
  return data as T;
}

/** Sends the request and turns the server's error shape (or no answer at all) into an ApiError. */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await transport(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  return answer<T>(response.status, await response.json().catch(() => null));
}

/** fetch() cannot report an upload's progress; XMLHttpRequest can. Same answers and errors as send(). */
function sendWithProgress<T>(
  method: string,
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_MESSAGE));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      try {
        resolve(answer<T>(xhr.status, data));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.send(body);
  });
}

/**
 * The one way the browser talks to the API: `call(API.auctions.placeBid, { params: { id }, body })`.
 * The route's contract entry types what is sent and what comes back; the answer is not checked
 * at run time (the server already serialized it through the same schema).
 */
export function call<R extends Route>(route: R, ...[request]: Args<EndpointOf<R>>): Promise<AnswerOf<EndpointOf<R>>> {
  const { params, query, body, headers, form, onProgress, signal, keepalive } = (request ?? {}) as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
    headers?: Record<string, string | undefined>;
    form?: FormData;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const url = urlOf(route, params, query);
  // The browser sets a multipart body's boundary header itself.
  if (form)
    return onProgress
      ? sendWithProgress(route.method, url, form, onProgress)
      : send(url, { method: route.method, body: form, signal });
  const sent: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) sent[name] = value;
  return send(url, {
    method: route.method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    keepalive,
  });
}

/** The JSON body a route takes, for a mutation's variables. */
export type BodyOf<R extends Route> = RequestOf<EndpointOf<R>>['body'];
