// When to drain the outbox from the page (the service worker drains on its 'sync' event): on
// start, when a change is enqueued, retried or resumed, on 'online', when the page becomes
// visible, when the earliest backoff expires, and on a slow interval as a safety net (e.g. the
// service worker drained and left items waiting). Automatic triggers are skipped while offline.
import { browserOnline, documentTarget, documentVisible, globalTarget, listen, type EventTargetLike } from './env';
import type { DrainDeps, DrainResult, Outbox } from './outbox';

export interface DrainSchedulerOptions {
  outbox: Pick<Outbox, 'drain' | 'subscribe' | 'whenIdle' | 'nextAttemptAt'>;
  deps: DrainDeps | (() => DrainDeps);
  /** Safety-net interval in ms (0 = none). */
  interval?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  onResult?: (result: DrainResult) => void;
  target?: EventTargetLike | null;
  visibilityTarget?: EventTargetLike | null;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  /** Drain right away (default true). */
  immediate?: boolean;
  /**
   * Background Sync tag registered with the service worker when changes wait (so the worker
   * drains them even after the tab is closed); null disables. Default OUTBOX_SYNC_TAG.
   */
  backgroundSyncTag?: string | null;
}

export interface DrainScheduler {
  /** Drain now (also when offline: a manual "retry now"). */
  drainNow(): Promise<DrainResult | null>;
  stop(): void;
}

export const DEFAULT_DRAIN_INTERVAL_MS = 60_000;
/** The tag of the service worker's 'sync' event that drains the outbox. */
export const OUTBOX_SYNC_TAG = 'reelflow-outbox';

interface SyncRegistrationLike {
  sync?: { register(tag: string): Promise<void> };
}

/** Ask the service worker for a Background Sync (Chromium); a no-op where unsupported. */
export async function requestBackgroundSync(tag: string = OUTBOX_SYNC_TAG): Promise<boolean> {
  const container = (globalThis as { navigator?: { serviceWorker?: { ready?: Promise<unknown> } } }).navigator?.serviceWorker;
  if (!container?.ready) return false;
  try {
    const registration = (await container.ready) as SyncRegistrationLike;
    if (!registration.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
const MAX_TIMER_MS = 2_147_000_000;

export function startDrainScheduler(options: DrainSchedulerOptions): DrainScheduler {
  const now = options.now ?? (() => Date.now());
  const isOnline = options.isOnline ?? browserOnline;
  const isVisible = options.isVisible ?? documentVisible;
  const interval = options.interval ?? DEFAULT_DRAIN_INTERVAL_MS;
  const tag = options.backgroundSyncTag === undefined ? OUTBOX_SYNC_TAG : options.backgroundSyncTag;
  const askWorker = () => {
    if (tag) void requestBackgroundSync(tag);
  };
  let stopped = false;
  let wake: ReturnType<typeof setTimeout> | null = null;

  function schedule(at: number | null): void {
    if (wake !== null) clearTimeout(wake);
    wake = null;
    if (at === null || stopped) return;
    wake = setTimeout(auto, Math.min(Math.max(0, at - now()), MAX_TIMER_MS));
  }

  async function drainNow(): Promise<DrainResult | null> {
    if (stopped) return null;
    try {
      const deps = typeof options.deps === 'function' ? options.deps() : options.deps;
      const result = await options.outbox.drain(deps);
      if (result.ran) {
        schedule(result.nextAttemptAt);
        if (result.nextAttemptAt !== null) askWorker();
        options.onResult?.(result);
      } else {
        void followOtherDrainer();
      }
      return result;
    } catch (error) {
      options.onError?.(error);
      return null;
    }
  }

  /**
   * Another drainer (often the service worker's Background Sync) holds the lock, with one more
   * queued behind it. When it is done, pick up its backoff: otherwise the items it left waiting
   * would wait for the browser's own sync retry (minutes) or the safety-net interval.
   */
  async function followOtherDrainer(): Promise<void> {
    try {
      await options.outbox.whenIdle();
      if (!stopped) schedule(await options.outbox.nextAttemptAt());
    } catch (error) {
      options.onError?.(error);
    }
  }

  function auto(): void {
    if (!stopped && isOnline()) void drainNow();
  }

  const unsubscribe = options.outbox.subscribe((event) => {
    if (event.type === 'enqueued') askWorker();
    if (event.type === 'enqueued' || event.type === 'retried' || event.type === 'resumed') auto();
  });
  const target = options.target === undefined ? globalTarget() : options.target;
  const visibility = options.visibilityTarget === undefined ? documentTarget() : options.visibilityTarget;
  const unlisten = [
    listen(target, ['online'], auto),
    listen(visibility, ['visibilitychange'], () => {
      if (isVisible()) auto();
    }),
  ];
  const timer = interval > 0 ? setInterval(auto, interval) : null;
  if (options.immediate ?? true) auto();

  return {
    drainNow,
    stop() {
      stopped = true;
      unsubscribe();
      for (const off of unlisten) off();
      if (timer !== null) clearInterval(timer);
      schedule(null);
    },
  };
}

/**
 * For the service worker's 'sync' event (tag OUTBOX_SYNC_TAG):
 * `event.waitUntil(drainForBackgroundSync(outbox, {send: fetchSend(...)}))`. Rejects while due
 * changes remain (network down, backoff, another drainer busy) so the browser schedules another
 * sync; resolves when the outbox has nothing left to send now or later without the user (empty,
 * only failed items, or paused for sign-in).
 */
export async function drainForBackgroundSync(outbox: Pick<Outbox, 'drain' | 'nextAttemptAt'>, deps: DrainDeps): Promise<DrainResult> {
  const result = await outbox.drain(deps);
  if (result.authRequired) return result;
  const next = result.ran ? result.nextAttemptAt : await outbox.nextAttemptAt();
  if (next !== null) throw new Error('Outbox changes are still waiting; retry the background sync later');
  return result;
}
