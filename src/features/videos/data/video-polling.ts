// Live progress of videos without a polling storm. While some video is queued or
// processing on the server, the videos collection is pulled again after a delay that starts at
// 2 s and doubles up to 15 s while nothing changes; any change (progress, stage, status) resets it
// to 2 s. Nothing runs while no video is active, while the page is hidden or while offline (a
// 'visibilitychange'/'online' resumes it). Each poll is the ordinary pull, whose If-None-Match makes
// an unchanged list a bodiless 304. No React; timers and environment are parameters (tests use a
// manual clock).
import { browserOnline, documentTarget, documentVisible, globalTarget, listen, type EventTargetLike } from '../../../sync/env';

export const VIDEO_POLL_MIN_MS = 2000;
export const VIDEO_POLL_MAX_MS = 15_000;

/** The delay after a poll: the minimum after a change (or first), else double the last, capped. */
export function nextPollDelay(previous: number | null, changed: boolean, min = VIDEO_POLL_MIN_MS, max = VIDEO_POLL_MAX_MS): number {
  if (previous === null || changed) return min;
  return Math.min(max, previous * 2);
}

export interface TimerApi {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: TimerApi = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface VideoPollingOptions {
  /** Pull the videos collection (the ordinary pull). */
  pull: () => Promise<unknown>;
  /**
   * What the active videos look like now (ids, statuses, progress, stages), or null when none is
   * active. Two equal strings mean "nothing changed".
   */
  activeSignature: () => Promise<string | null>;
  timers?: TimerApi;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  target?: EventTargetLike | null;
  visibilityTarget?: EventTargetLike | null;
  minMs?: number;
  maxMs?: number;
  onError?: (error: unknown) => void;
}

export interface VideoPolling {
  /** Something may have become active (a create delivered, a restart): start polling if idle. */
  nudge(): void;
  stop(): void;
  /** The delay of the poll now scheduled, or null when idle/paused (for tests and diagnostics). */
  scheduledDelay(): number | null;
}

export function startVideoPolling(options: VideoPollingOptions): VideoPolling {
  const timers = options.timers ?? realTimers;
  const isOnline = options.isOnline ?? browserOnline;
  const isVisible = options.isVisible ?? documentVisible;
  const min = options.minMs ?? VIDEO_POLL_MIN_MS;
  const max = options.maxMs ?? VIDEO_POLL_MAX_MS;
  let timer: unknown = null;
  let delay: number | null = null;
  let lastSignature: string | null = null;
  let busy = false;
  let stopped = false;

  function schedule(ms: number): void {
    if (stopped) return;
    delay = ms;
    timer = timers.set(() => {
      timer = null;
      void tick();
    }, ms);
  }

  function cancel(): void {
    if (timer !== null) timers.clear(timer);
    timer = null;
    delay = null;
  }

  async function tick(): Promise<void> {
    if (stopped || busy) return;
    if (!isOnline() || !isVisible()) {
      // Paused: the 'online' / 'visibilitychange' listeners start it again.
      delay = null;
      return;
    }
    busy = true;
    try {
      await options.pull();
    } catch (error) {
      options.onError?.(error);
    }
    try {
      const signature = await options.activeSignature();
      if (signature === null) {
        delay = null;
        lastSignature = null;
        return;
      }
      const next = nextPollDelay(delay, signature !== lastSignature, min, max);
      lastSignature = signature;
      schedule(next);
    } catch (error) {
      options.onError?.(error);
      delay = null;
    } finally {
      busy = false;
    }
  }

  /** Start from the minimum when some video is active and nothing is scheduled. */
  async function wake(): Promise<void> {
    if (stopped || busy || timer !== null) return;
    if (!isOnline() || !isVisible()) return;
    const signature = await options.activeSignature().catch(() => null);
    if (signature === null || stopped || timer !== null) return;
    lastSignature = signature;
    schedule(min);
  }

  const resume = () => {
    if (!isOnline() || !isVisible()) {
      cancel();
      return;
    }
    void wake();
  };
  const target = options.target === undefined ? globalTarget() : options.target;
  const visibility = options.visibilityTarget === undefined ? documentTarget() : options.visibilityTarget;
  const unlisten = [listen(target, ['online', 'offline'], resume), listen(visibility, ['visibilitychange'], resume)];

  void wake();

  return {
    nudge: () => void wake(),
    stop() {
      stopped = true;
      cancel();
      for (const off of unlisten) off();
    },
    scheduledDelay: () => (timer === null ? null : delay),
  };
}

/** The signature of a list of videos' live fields (used with db.videos). */
export function signatureOf(videos: Array<{ id: string; status: string; progress: number; stage: string | null; updated_at: string }>): string | null {
  if (videos.length === 0) return null;
  return videos
    .map((video) => `${video.id}:${video.status}:${video.progress}:${video.stage ?? ''}:${video.updated_at}`)
    .sort()
    .join('|');
}
