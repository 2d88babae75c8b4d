// Start-up work the first screen does not need (the toast container, the service worker, form
// schemas, the offline engine of a restored session) waits until the screen has painted and the
// main thread has an idle moment, so it competes neither for the network nor for the CPU with
// the page's own chunks and first render (docs/decisions/performance.md, Lighthouse LCP and TBT).

/** Runs `task` after the next frame has painted, in an idle period (at most `timeoutMs` later). */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
    else setTimeout(task, 1);
  };
  // requestAnimationFrame runs just before the frame is drawn; the timeout after it runs once the
  // frame has gone out. Without frames (a hidden tab) the idle callback alone decides.
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') {
    requestAnimationFrame(() => setTimeout(idle, 0));
  } else {
    idle();
  }
}

/** Resolves as `whenIdle` runs its task. */
export function idle(timeoutMs?: number): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, timeoutMs));
}
