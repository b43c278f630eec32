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

/** The server's answer as data, or its error shape as an ApiError. */
function answer<T>(status: number, data: unknown): T {
  if (status < 200 || status >= 300) {
    const body = data as Partial<ApiErrorBody> | null;
    throw new ApiError(status, body?.error?.code ?? 'INTERNAL', body?.error?.message ?? `Request failed (${status}).`, body?.error?.fields);
  }
  return data as T;
}

/** Sends the request and turns the server's error shape (or no answer at all) into an ApiError. */
async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  return answer<T>(response.status, await response.json().catch(() => null));
}

/** fetch() cannot report an upload's progress; XMLHttpRequest can. Same answers and errors as send(). */
function sendWithProgress<T>(path: string, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
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

/** Multipart upload (files and fields); the browser sets the boundary header itself. `onProgress` gets 0…1 as it goes. */
export const postForm = <T>(path: string, form: FormData, onProgress?: (fraction: number) => void) =>
  onProgress ? sendWithProgress<T>(path, form, onProgress) : send<T>(path, { method: 'POST', body: form });
