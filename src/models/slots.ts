// A counting semaphore with abortable waits: the global cap on requests in flight, and each model's
// own cap (limits.ts). A freed slot goes to the next waiter at once (no waves).

export interface Slots {
  /**
   * Waits for a slot. An abort of `signal` (the run interrupted) leaves the queue at once, rejecting
   * with its reason; so does an abort of the slots' `stop` signal, for every wait and every later one.
   */
  acquire(signal?: AbortSignal): Promise<void>;
  release(): void;
}

export interface SlotsOptions {
  /** Aborted when nothing more may be sent (the run's deadline or budget). One listener, not one per wait. */
  stop?: AbortSignal;
}

interface Waiter {
  grant(): void;
  fail(reason: unknown): void;
}

export function createSlots(size: number, options: SlotsOptions = {}): Slots {
  const { stop } = options;
  let inFlight = 0;
  const waiting: Waiter[] = [];
  stop?.addEventListener(
    "abort",
    () => {
      for (const waiter of waiting.splice(0)) waiter.fail(stop.reason);
    },
    { once: true },
  );

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (stop?.aborted) return Promise.reject(stop.reason);
      if (inFlight < size && waiting.length === 0) {
        inFlight++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          grant() {
            signal?.removeEventListener("abort", leave);
            resolve();
          },
          fail(reason) {
            signal?.removeEventListener("abort", leave);
            reject(reason);
          },
        };
        const leave = () => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", leave, { once: true });
        waiting.push(waiter);
      });
    },
    release() {
      const next = waiting.shift();
      if (next)
        next.grant(); // the slot passes straight on
      else inFlight--;
    },
  };
}
