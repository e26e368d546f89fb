/**
 * At most `limit` tasks at once, the others waiting their turn in order. Used where work runs
 * on libuv's thread pool (sharp's decodes): that pool has 4 threads per process and every other
 * request's crypto, file and DNS work queues on it too, so a few long tasks taking every thread
 * stall requests that have nothing to do with them.
 */
export interface TaskGate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createTaskGate(limit: number): TaskGate {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(task) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next in line, so `running` counts it still.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
