// Lazy screens with the spec's chunk time-out (§9 "Page chunk loading time-out: 120 seconds").
// A chunk that does not arrive in time rejects with ChunkLoadError, which the router's error
// component shows with a reload button (§8 "Page chunk fails to load: a load error is raised").
import { lazyRouteComponent } from '@tanstack/react-router';
import { createElement, startTransition, useEffect, useState, type ComponentType } from 'react';
import { PageLoading } from '../ui/CenteredText';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Races an import against the time-out; also wraps import failures in ChunkLoadError. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadError(`Loading the page timed out after ${Math.round(timeoutMs / 1000)} seconds.`));
      }, timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          // Keep the original message: TanStack's lazyRouteComponent recognises "Failed to fetch
          // dynamically imported module" and reloads once after a deployment replaced the chunks.
          const message = error instanceof Error ? error.message : String(error);
          reject(new ChunkLoadError(message, { cause: error }));
        },
      );
    });
}

// Only the screens of the first page (its layout and screen) defer their first render (below); a
// later navigation renders its screen at once, without a "Loading..." frame in between.
let startUpDone = false;

/**
 * A lazily loaded route component with the chunk time-out.
 *
 * At start-up the screen's first render is a transition: the screen mounts showing "Loading..."
 * (what the router shows while a screen's chunk arrives) and renders itself in a transition,
 * which React splits into ~5 ms slices. Rendered straight from the router, whose store updates
 * React renders synchronously, a screen's first render was one main-thread task of hundreds of
 * milliseconds on a phone-class CPU (Lighthouse Total Blocking Time; docs/decisions/performance.md).
 * (Suspending through React.lazy would slice it too, but React holds a revealed Suspense retry
 * back for up to 300 ms after a fallback: later content for real users.) TanStack's component
 * keeps its own behaviour: preload for the router, one reload when a deployment removed the
 * chunk, errors to the route's error component.
 */
export const lazyPage = <T extends Record<string, unknown>, K extends keyof T & string>(load: () => Promise<T>, exportName: K) => {
  const page = lazyRouteComponent(withChunkTimeout(load), exportName);
  const LazyPage = (props: object) => {
    const [deferred, setDeferred] = useState(() => !startUpDone);
    useEffect(() => {
      if (deferred) startTransition(() => setDeferred(false));
      // The screens nested in this one mounted during its transition, deferred as well.
      else startUpDone = true;
    }, [deferred]);
    return deferred ? createElement(PageLoading) : createElement(page as ComponentType<object>, props);
  };
  // The router preloads while `preload` exists; TanStack removes it once the chunk has arrived.
  Object.defineProperty(LazyPage, 'preload', { get: () => page.preload });
  return LazyPage as typeof page;
};
