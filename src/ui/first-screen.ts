// "The first screen has shown its content": the moment start-up work that screen does not need may
// begin (the toast container, the service worker, the offline engine of a restored session).
// `whenIdle` alone fired right after the static "Loading..." of index.html had painted, i.e. while
// the page's own chunks and its permissions request were still on the way: the engine's chunks,
// Dexie and its dozen pulls then went ahead of the permissions request and delayed the page's
// content (Lighthouse LCP on `/` signed in; docs/decisions/performance.md). The frames of the
// screens (PageFrame, AuthLayout) mark the moment when they first render; a screen without one
// (an error, the access-denied alert) lets the waiting work start after a fallback time-out.
import { whenIdle } from './idle';

/** How long start-up work waits for a screen at most, in milliseconds. */
export const FIRST_SCREEN_FALLBACK_MS = 5000;
/** How long each released task waits for an idle moment at most, once the one before it ran. */
export const RELEASE_STEP_TIMEOUT_MS = 250;

let shown = false;
const waiting = new Set<() => void>();

/** Called by the screen frames once they have rendered; the first call releases the waiting work. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  const tasks = [...waiting];
  waiting.clear();
  releaseOneByOne(tasks);
}

/**
 * One waiting task per idle moment, in the order they were asked for. Released together, their
 * renders (the menus, the sync indicator, the toasts, the modals manager) and the engine's start
 * ran back to back, and React rendered and committed several of them as one long task on a
 * phone's CPU (docs/decisions/performance.md). The step time-out keeps a busy page from holding
 * the last ones back for long.
 */
function releaseOneByOne(tasks: Array<() => void>): void {
  const next = () => {
    try {
      tasks.shift()?.();
    } finally {
      // A task that throws (reported as any uncaught error) holds none of the others back.
      if (tasks.length > 0) whenIdle(next, RELEASE_STEP_TIMEOUT_MS);
    }
  };
  whenIdle(next);
}

/** Whether a screen has shown its content since the page loaded. */
export function firstScreenShown(): boolean {
  return shown;
}

/**
 * Runs `task` once, in an idle moment after the first screen has shown its content (at once, idle,
 * when it already has), or after `fallbackMs` if no screen marks itself. Returns a cancel function.
 */
export function afterFirstScreen(task: () => void, fallbackMs: number = FIRST_SCREEN_FALLBACK_MS): () => void {
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (settled) return;
    settled = true;
    waiting.delete(run);
    clearTimeout(timer);
    task();
  };
  if (shown) {
    whenIdle(run);
  } else {
    waiting.add(run);
    timer = setTimeout(() => whenIdle(run), fallbackMs);
  }
  return () => {
    settled = true;
    waiting.delete(run);
    clearTimeout(timer);
  };
}

/** For tests: forget that a screen was shown. */
export function resetFirstScreenForTests(): void {
  shown = false;
  waiting.clear();
}
