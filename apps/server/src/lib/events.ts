/**
 * What happened, announced after the transaction that made it happen has committed
 * (docs/architecture.md, "Events, and so socket messages, follow commits"). Modules declare their
 * events by merging into `DomainEvents`; `realtime/` turns them into socket messages, so no
 * service ever sees Socket.IO.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type DomainEvent = { [K in keyof DomainEvents]: { type: K } & DomainEvents[K] }[keyof DomainEvents];

export type Publish = (event: DomainEvent) => void;

export interface EventBus {
  publish: Publish;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: DomainEvent) => void): () => void;
}

/** In-process fan-out; across instances, the socket layer's Redis adapter carries what it emits. */
export function createEventBus(onListenerError: (error: unknown) => void): EventBus {
  const listeners = new Set<(event: DomainEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) {
        // One broken listener must not stop the others, nor reach the service that published.
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
