// Loads the offline engine (./sync-runtime) a part at a time. Importing it in one go evaluates the
// HTTP client (axios), Dexie, the store's schema and the engine's own modules in one main-thread
// task; in traces of a signed-in start Dexie with the store alone took 13–20 ms and the HTTP
// client ~10 ms on a desktop, four times that on Lighthouse's phone-class CPU (Total Blocking
// Time, docs/decisions/performance.md). Imported one after the
// other, with the main thread given back in between, each part is a task of its own and input
// (a tap on the first screen) is answered between them.
import { yieldToMain } from '../sync/env';
import type * as SyncRuntimeModule from './sync-runtime';

/**
 * The engine's heavy dependencies, in the order the engine needs them; each evaluates alone. The
 * HTTP client is imported as the session imports it (`../api/endpoints`, which brings the client
 * and axios): importing the `../api` index here made the bundler split a small module the entry
 * shares with it into a chunk of its own, one more request before the first screen.
 */
const PARTS: ReadonlyArray<() => Promise<unknown>> = [() => import('../api/endpoints'), () => import('dexie'), () => import('../store')];

/**
 * The data layer a framed screen's chunk imports statically (src/app/lazy.ts, `loadFirst`): the
 * engine's parts. Requested together, so they download in parallel, and each evaluated when its
 * own chunk is in: a task per part instead of one task evaluating all of them with the screen when
 * its chunk lands (Dexie and axios, ~50 KB gzip: Lighthouse Total Blocking Time on every framed
 * screen, docs/decisions/performance.md). zod is not among them: `import('zod')` would bring all of
 * zod as a chunk of its own instead of the parts the schemas use. Settles when all are in (a
 * failed part is left to the screen's own import, which reports it).
 */
export async function loadScreenDataLayer(): Promise<void> {
  await Promise.all(PARTS.map((part) => part().catch(() => undefined)));
  await yieldToMain();
}

export async function loadSyncRuntimeInParts(): Promise<typeof SyncRuntimeModule> {
  for (const part of PARTS) {
    await part();
    await yieldToMain();
  }
  const runtime = await import('./sync-runtime');
  await yieldToMain();
  return runtime;
}
