export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Hands the items that arrive together for one lane (an auction) to `run` as one batch, and each
 * caller the outcome `run` gave its item (ADR 0026). A batch starts on the turn after its first
 * item arrived, so it takes every item of that turn; items that arrive while the lane's batch
 * runs form the next one. Lanes run side by side. If `run` throws, every item of its batch fails
 * with that error.
 *
 * `maxBatch` bounds how long one batch holds what it runs on (SQLite's one connection).
 */
export function laneBatches<I, R>(
  run: (lane: string, items: I[]) => Promise<Array<Settled<R>>>,
  maxBatch = 64,
): (lane: string, item: I) => Promise<R> {
  type Entry = { item: I; settle: (outcome: Settled<R>) => void };
  const lanes = new Map<string, Entry[]>();

  async function drain(lane: string, queue: Entry[]): Promise<void> {
    while (queue.length) {
      const batch = queue.splice(0, maxBatch);
      let outcomes: Array<Settled<R>>;
      try {
        outcomes = await run(
          lane,
          batch.map((entry) => entry.item),
        );
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }));
      }
      batch.forEach((entry, i) =>
        entry.settle(outcomes[i] ?? { ok: false, error: new Error('the batch gave no outcome for this item') }),
      );
    }
    lanes.delete(lane);
  }

  return (lane, item) =>
    new Promise<R>((resolve, reject) => {
      const entry: Entry = { item, settle: (o) => (o.ok ? resolve(o.value) : reject(o.error)) };
      const queue = lanes.get(lane);
      if (queue) {
        queue.push(entry);
        return;
      }
      const fresh = [entry];
      lanes.set(lane, fresh);
      // On SQLite nothing would ever join a batch otherwise: each statement returns at once, so a
      // request runs from its first byte to its commit without yielding.
      setImmediate(() => void drain(lane, fresh));
    });
}
