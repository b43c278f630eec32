/** A stand-in for Socket.IO's client: records what is sent, and lets the test play the server. */
export class FakeSocket {
  connected = false;
  active = true;
  sent: Array<[string, unknown]> = [];
  private handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  /** Acknowledgement callbacks, answered by the test as the server would. */
  acks: Array<(reply: unknown) => void> = [];
  emit(event: string, message: unknown, ack?: (reply: unknown) => void) {
    this.sent.push([event, message]);
    if (ack) this.acks.push(ack);
    return this;
  }
  off() {
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    return this;
  }
  /** True once api/socket has attached its handlers (its client is imported lazily). */
  get listening() {
    return this.handlers.size > 0;
  }
  /** The server (or the network) does something. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}
