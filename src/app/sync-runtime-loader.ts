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

export async function loadSyncRuntimeInParts(): Promise<typeof SyncRuntimeModule> {
  for (const part of PARTS) {
    await part();
    await yieldToMain();
  }
  const runtime = await import('./sync-runtime');
  await yieldToMain();
  return runtime;
}
