// One drainer at a time: a Web Lock where the context has `navigator.locks` (pages and service
// workers of current browsers), else an in-memory mutex (shared by every outbox of this context).

/** The part of the Web Locks API we use. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
  request<T>(name: string, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export type TryResult<T> = { ran: true; value: T } | { ran: false };

export interface LockBackend {
  /** Run `fn` holding `name` if it is free right now; otherwise do not run it. */
  tryRun<T>(name: string, fn: () => Promise<T>): Promise<TryResult<T>>;
  /** Wait for `name`, then run `fn` holding it. */
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export function webLockBackend(locks: LockManagerLike): LockBackend {
  return {
    async tryRun<T>(name: string, fn: () => Promise<T>): Promise<TryResult<T>> {
      return locks.request<TryResult<T>>(name, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true, value: await fn() } : { ran: false },
      );
    },
    run<T>(name: string, fn: () => Promise<T>): Promise<T> {
      return locks.request<T>(name, () => fn());
    },
  };
}

const memoryHeld = new Set<string>();
const memoryWaiters = new Map<string, Array<() => void>>();

function memoryRelease(name: string): void {
  const next = memoryWaiters.get(name)?.shift();
  if (next) next(); // ownership passes straight to the next waiter
  else memoryHeld.delete(name);
}

/** In-memory mutex keyed by name, module-wide (so two outboxes in one context share it). */
export const memoryLockBackend: LockBackend = {
  async tryRun<T>(name: string, fn: () => Promise<T>): Promise<TryResult<T>> {
    if (memoryHeld.has(name)) return { ran: false };
    memoryHeld.add(name);
    try {
      return { ran: true, value: await fn() };
    } finally {
      memoryRelease(name);
    }
  },
  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    if (memoryHeld.has(name)) {
      await new Promise<void>((resolve) => {
        const queue = memoryWaiters.get(name) ?? [];
        queue.push(resolve);
        memoryWaiters.set(name, queue);
      });
    } else {
      memoryHeld.add(name);
    }
    try {
      return await fn();
    } finally {
      memoryRelease(name);
    }
  },
};

/** navigator.locks of this context (page or service worker), or null where it is missing. */
export function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: unknown } }).navigator;
  const locks = nav?.locks as LockManagerLike | undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

export function lockBackend(locks: LockManagerLike | null | undefined): LockBackend {
  return locks ? webLockBackend(locks) : memoryLockBackend;
}

/**
 * Run `fn` exclusively under `name`, coalescing callers: if nobody holds the lock, run now; if a
 * run is in progress and nobody waits, wait for it and run once more after it (so a trigger that
 * arrives during a drain is not lost); if someone already waits, skip — that waiter will run
 * after the current one and see everything this caller wanted sent.
 */
export async function runCoalesced<T>(backend: LockBackend, name: string, fn: () => Promise<T>): Promise<TryResult<T>> {
  const first = await backend.tryRun(name, fn);
  if (first.ran) return first;
  let done: Promise<T> | undefined;
  const queued = await backend.tryRun(`${name}:queued`, () =>
    new Promise<void>((entered, failed) => {
      done = backend.run(name, () => {
        entered(); // release the waiter slot as soon as we hold the main lock
        return fn();
      });
      done.catch(failed);
    }),
  );
  if (!queued.ran || !done) return { ran: false };
  return { ran: true, value: await done };
}
