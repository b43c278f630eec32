import crypto from 'node:crypto';

/** Janus refused a request, or could not be reached. `code` is Janus's (403: bad token/secret). */
export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

interface JanusReply {
  janus: string;
  data?: Record<string, unknown>;
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { error_code?: number; error?: string } };
}

/** Long enough for a busy Janus, short enough that a dead one fails a request instead of hanging it. */
const TIMEOUT_MS = 5000;

/** One request to Janus's HTTP transport (the Janus API or the Admin API). */
export async function janusPost(url: string, body: Record<string, unknown>): Promise<JanusReply> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: crypto.randomUUID() }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new JanusError(`Janus is not reachable at ${new URL(url).origin}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status} at ${new URL(url).pathname}`);
  const reply = (await response.json()) as JanusReply;
  if (reply.janus === 'error')
    throw new JanusError(`Janus: ${reply.error?.reason ?? 'unknown error'}`, reply.error?.code);
  return reply;
}

/**
 * A synchronous VideoRoom request (create, exists, destroy) on a throwaway session: our server
 * makes a handful of these per stream, so holding a session (and its keep-alives) is not worth it.
 */
export async function videoroomRequest(
  url: string,
  token: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const session = await janusPost(url, { janus: 'create', token });
  const sessionUrl = `${url}/${String(session.data?.id)}`;
  try {
    const handle = await janusPost(sessionUrl, { janus: 'attach', plugin: 'janus.plugin.videoroom', token });
    const reply = await janusPost(`${sessionUrl}/${String(handle.data?.id)}`, { janus: 'message', token, body });
    const data = reply.plugindata?.data;
    if (!data) throw new JanusError(`Janus: no answer from the VideoRoom plugin to ${String(body.request)}`);
    if (data.error_code) throw new JanusError(`Janus VideoRoom: ${data.error ?? 'error'}`, data.error_code);
    return data;
  } finally {
    await janusPost(sessionUrl, { janus: 'destroy', token }).catch(() => undefined);
  }
}
