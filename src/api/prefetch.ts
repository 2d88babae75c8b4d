// A GET a screen needs at its first render, started while the screen's chunk downloads (a framed
// route's `prefetch`, src/app/lazy.ts) instead of after the screen has rendered. What it answers
// then usually arrives before the screen's first render, which shows it at its final size instead
// of growing a moment later (Lighthouse CLS, docs/decisions/performance.md).

/** How long a prefetched answer stands for the screen's own request: this visit's, not a later one's. */
export const PREFETCH_FRESH_MS = 10_000;

export interface Prefetched<T> {
  readonly answer: Promise<T>;
  /** The answer once it has arrived (undefined before, or when it failed). */
  readonly value: T | undefined;
}

export interface Prefetchable<T> {
  /** Starts the request now. */
  prefetch: () => void;
  /** The request started in the last PREFETCH_FRESH_MS, if any. */
  recent: () => Prefetched<T> | null;
}

export function prefetchable<T>(request: () => Promise<T>, now: () => number = Date.now): Prefetchable<T> {
  let latest: { at: number; answer: Promise<T>; value: T | undefined } | null = null;
  return {
    prefetch: () => {
      const entry: { at: number; answer: Promise<T>; value: T | undefined } = { at: now(), answer: request(), value: undefined };
      entry.answer.then(
        (value) => {
          entry.value = value;
        },
        () => undefined,
      );
      latest = entry;
    },
    recent: () => {
      return latest && now() - latest.at < PREFETCH_FRESH_MS ? latest : null;
    },
  };
}
