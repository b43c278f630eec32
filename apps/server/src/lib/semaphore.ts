/** At most `slots` tasks at once; the others wait their turn, in order. */
export interface Semaphore {
  use<T>(task: () => Promise<T>): Promise<T>;
}

export function createSemaphore(slots: number): Semaphore {
  let free = slots;
  const waiting: Array<() => void> = [];
  return {
    async use(task) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, or back to the pool.
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
  };
}
