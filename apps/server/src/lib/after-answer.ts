/**
 * Work a request starts but does not wait for (a mail whose sending must not show in the response
 * time). Failures are reported, never thrown at the caller; shutdown waits for what is in flight
 * before the database closes.
 */
export interface AfterAnswer {
  run(task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished. */
  settle(): Promise<void>;
}

export function createAfterAnswer(onError: (error: unknown) => void): AfterAnswer {
  const inFlight = new Set<Promise<void>>();
  return {
    run(task) {
      const running = task()
        .catch(onError)
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settle() {
      while (inFlight.size) await Promise.all(inFlight);
    },
  };
}
