/**
 * A small client for Janus's HTTP API (long poll), just what a VideoRoom publisher or subscriber
 * needs. Janus's own janus.js is a global-script library built around callbacks and its own
 * WebRTC shim; this is typed, tree-shaken, and speaks the token scheme our server sets up.
 */

export interface JanusEvent {
  janus: string;
  transaction?: string;
  sender?: number;
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: RTCSessionDescriptionInit;
  data?: Record<string, unknown>;
  error?: { code: number; reason: string };
}

export class JanusClientError extends Error {}

/** Janus forgets a session after 60 s of silence; the long poll does not count everywhere, so we also ping. */
const KEEPALIVE_MS = 25_000;

const transactionId = () => Math.random().toString(36).slice(2) + Date.now().toString(36);

async function post(url: string, body: Record<string, unknown>): Promise<JanusEvent> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new JanusClientError(`Janus answered HTTP ${res.status}`);
  const reply = (await res.json()) as JanusEvent;
  if (reply.janus === 'error') throw new JanusClientError(reply.error?.reason ?? 'Janus error');
  return reply;
}

export class JanusSession {
  private closed = false;
  private readonly waiting = new Map<string, { resolve: (e: JanusEvent) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<number, (e: JanusEvent) => void>();
  private keepalive: ReturnType<typeof setInterval> | undefined;

  private constructor(
    readonly url: string,
    private readonly token: string,
    readonly id: number,
    /** Called once when the session is lost (Janus restarted, network gone): the owner reconnects. */
    private readonly onLost: (error: Error) => void,
  ) {}

  static async create(url: string, token: string, onLost: (error: Error) => void): Promise<JanusSession> {
    const reply = await post(url, { janus: 'create', token, transaction: transactionId() });
    const session = new JanusSession(url, token, Number(reply.data?.id), onLost);
    void session.poll();
    session.keepalive = setInterval(
      () => void session.send({ janus: 'keepalive' }).catch((e: Error) => session.lose(e)),
      KEEPALIVE_MS,
    );
    return session;
  }

  async attach(onEvent: (e: JanusEvent) => void): Promise<JanusHandle> {
    const reply = await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const id = Number(reply.data?.id);
    this.listeners.set(id, onEvent);
    return new JanusHandle(this, id);
  }

  /** A request whose asynchronous answer (a plugin event) arrives on the long poll with the same transaction. */
  async request(path: string, body: Record<string, unknown>): Promise<JanusEvent> {
    const transaction = transactionId();
    const answer = new Promise<JanusEvent>((resolve, reject) => this.waiting.set(transaction, { resolve, reject }));
    const reply = await this.send({ ...body, transaction }, path).catch((e: Error) => {
      this.waiting.delete(transaction);
      throw e;
    });
    if (reply.janus !== 'ack') {
      // Answered at once (a synchronous VideoRoom request such as listparticipants).
      this.waiting.delete(transaction);
      return reply;
    }
    return answer;
  }

  send(body: Record<string, unknown>, path = ''): Promise<JanusEvent> {
    return post(`${this.url}/${this.id}${path}`, { transaction: transactionId(), ...body, token: this.token });
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    for (const w of this.waiting.values()) w.reject(new JanusClientError('session closed'));
    void this.send({ janus: 'destroy' }).catch(() => undefined);
  }

  private lose(error: Error): void {
    if (this.closed) return;
    this.destroy();
    this.onLost(error);
  }

  private async poll(): Promise<void> {
    while (!this.closed) {
      let events: JanusEvent[];
      try {
        const res = await fetch(
          `${this.url}/${this.id}?maxev=10&rid=${Date.now()}&token=${encodeURIComponent(this.token)}`,
        );
        if (!res.ok) throw new JanusClientError(`Janus answered HTTP ${res.status}`);
        const body = (await res.json()) as JanusEvent | JanusEvent[];
        events = Array.isArray(body) ? body : [body];
      } catch (error) {
        this.lose(error as Error);
        return;
      }
      for (const event of events) this.dispatch(event);
    }
  }

  private dispatch(event: JanusEvent): void {
    if (event.janus === 'keepalive') return;
    if (event.janus === 'error') {
      // "No such session": Janus restarted or timed us out.
      this.lose(new JanusClientError(event.error?.reason ?? 'Janus error'));
      return;
    }
    const waiter = event.transaction ? this.waiting.get(event.transaction) : undefined;
    if (waiter && event.janus === 'event') {
      this.waiting.delete(event.transaction!);
      const data = event.plugindata?.data;
      if (data?.error) waiter.reject(new JanusClientError(String(data.error)));
      else waiter.resolve(event);
      return;
    }
    if (event.sender !== undefined) this.listeners.get(event.sender)?.(event);
  }
}

export class JanusHandle {
  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A VideoRoom request; with `jsep`, an offer or answer travels with it. */
  message(body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit): Promise<JanusEvent> {
    return this.session.request(`/${this.id}`, { janus: 'message', body, ...(jsep ? { jsep } : {}) });
  }

  /** Sends our ICE candidates as they are found; `null` says gathering is complete. */
  trickle(candidate: RTCIceCandidate | null): void {
    const payload = candidate ? { candidate: candidate.toJSON() } : { candidate: { completed: true } };
    void this.session.send({ janus: 'trickle', ...payload }, `/${this.id}`).catch(() => undefined);
  }
}
