import type { ApiErrorBody, ErrorCode, FieldErrors } from '@souq/shared';

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

const NETWORK_MESSAGE = 'Cannot reach Souq. Check your connection and try again.';

/** Sends the request and turns the server's error shape (or no answer at all) into an ApiError. */
async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = data as Partial<ApiErrorBody> | null;
    throw new ApiError(response.status, body?.error?.code ?? 'INTERNAL', body?.error?.message ?? `Request failed (${response.status}).`, body?.error?.fields);
  }
  return data as T;
}

/** The typed fetch every feature uses: JSON in, JSON out. */
export function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  return send<T>(path, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: hasBody ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
  });
}

export const post = <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });

/** Multipart upload (files and fields); the browser sets the boundary header itself. */
export const postForm = <T>(path: string, form: FormData) => send<T>(path, { method: 'POST', body: form });

/**
 * A new Idempotency-Key: 32 hex digits (the header allows 8–64 of [A-Za-z0-9_-]). getRandomValues,
 * unlike randomUUID, also works on a page served over plain http.
 */
export const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
