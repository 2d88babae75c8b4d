// The in-process PublishScheduler: timers in this process, for an app built without pg-boss
// (tests, tools) — the counterpart of the render runner's in-process mode. One timer per target
// (the earliest asked for wins, so double scheduling is harmless); a target whose run is under way
// is run again after it when it was scheduled meanwhile. runTarget itself guards every step, so
// an early or extra run only re-queues or finds nothing to do.
import type { PublishScheduler } from '../social/types';

/** setTimeout's limit (about 24.8 days); a later time is reached in hops. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface InProcessPublishScheduler extends PublishScheduler {
  /** Resolves once no run is active and no timer is due within `withinMs` (default: any timer). */
  idle(options?: { withinMs?: number }): Promise<void>;
  /** Clears every timer and waits for running targets to finish. */
  close(): Promise<void>;
}

export interface InProcessSchedulerOptions {
  run: (targetId: string) => Promise<unknown>;
  onError?: (error: unknown, targetId: string) => void;
  now?: () => number;
}

export function createInProcessPublishScheduler(options: InProcessSchedulerOptions): InProcessPublishScheduler {
  const now = options.now ?? Date.now;
  const timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  const active = new Set<string>();
  /** Scheduled while running: the time to set once the run ends. */
  const after = new Map<string, number>();
  let waiters: { withinMs: number; resolve: () => void }[] = [];
  let closed = false;

  const isIdle = (withinMs: number) => active.size === 0 && after.size === 0 && [...timers.values()].every((entry) => entry.at - now() > withinMs);
  const settle = () => {
    const still: typeof waiters = [];
    for (const waiter of waiters) {
      if (isIdle(waiter.withinMs)) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  };

  const start = (targetId: string) => {
    timers.delete(targetId);
    active.add(targetId);
    void options
      .run(targetId)
      .catch((error: unknown) => options.onError?.(error, targetId))
      .finally(() => {
        active.delete(targetId);
        const next = after.get(targetId);
        after.delete(targetId);
        if (next !== undefined) arm(targetId, next);
        settle();
      });
  };

  const arm = (targetId: string, at: number) => {
    if (closed) return;
    if (active.has(targetId)) {
      after.set(targetId, Math.min(after.get(targetId) ?? Infinity, at));
      return;
    }
    const existing = timers.get(targetId);
    if (existing && existing.at <= at) return;
    if (existing) clearTimeout(existing.timer);
    const delay = Math.max(0, at - now());
    const timer = setTimeout(
      () => {
        if (delay <= MAX_TIMER_MS) return start(targetId);
        timers.delete(targetId);
        arm(targetId, at);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    // Hops of a far-away time must not hold the process open.
    if (delay > 60_000) timer.unref();
    timers.set(targetId, { at, timer });
    setImmediate(settle);
  };

  return {
    schedule(targetId, at) {
      arm(targetId, at ? at.getTime() : now());
      return Promise.resolve();
    },
    idle({ withinMs = Infinity } = {}) {
      return new Promise((resolve) => {
        waiters.push({ withinMs, resolve });
        setImmediate(settle);
      });
    },
    async close() {
      closed = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
      after.clear();
      while (active.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      settle();
    },
  };
}
