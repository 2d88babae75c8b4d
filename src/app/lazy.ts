// Lazy screens with the spec's chunk time-out (§9 "Page chunk loading time-out: 120 seconds").
// A chunk that does not arrive in time rejects with ChunkLoadError, which the router's error
// component shows with a reload button (§8 "Page chunk fails to load: a load error is raised").
import { lazyRouteComponent } from '@tanstack/react-router';

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

/** A lazily loaded route component with the chunk time-out. */
export const lazyPage = <T extends Record<string, unknown>, K extends keyof T & string>(load: () => Promise<T>, exportName: K) =>
  lazyRouteComponent(withChunkTimeout(load), exportName);
