import { useSyncExternalStore } from 'react';

/** Tells the waiting worker to take over; the page reloads once it has (service-worker-register.ts). */
export type TakeUpdate = () => Promise<void>;

let waiting: TakeUpdate | null = null;
const listeners = new Set<() => void>();

/** A new version's worker is installed and waiting for the person's word (ADR 0058). */
export function offerUpdate(take: TakeUpdate): void {
  waiting = take;
  for (const listener of listeners) listener();
}

/** The waiting update, for the new-version banner to offer; null while there is none. */
export function useWaitingUpdate(): TakeUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
}
