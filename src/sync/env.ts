// The bits of the runtime the sync engine listens to, typed structurally so this compiles for
// the page (DOM lib) and the service worker (WebWorker lib) alike, and tests can pass fakes.

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

interface GlobalLike {
  addEventListener?: unknown;
  navigator?: { onLine?: boolean };
  document?: { visibilityState?: string; addEventListener?: unknown };
}

const scope = globalThis as unknown as GlobalLike;

/** window in a page, self in a worker; null where there is no event target. */
export function globalTarget(): EventTargetLike | null {
  return typeof scope.addEventListener === 'function' ? (globalThis) : null;
}

/** The document (visibilitychange fires there), or null in a worker. */
export function documentTarget(): EventTargetLike | null {
  const doc = scope.document;
  return doc && typeof doc.addEventListener === 'function' ? (doc as unknown as EventTargetLike) : null;
}

export function browserOnline(): boolean {
  return scope.navigator?.onLine ?? true;
}

export function documentVisible(): boolean {
  const state = scope.document?.visibilityState;
  return state === undefined || state === 'visible';
}

/** Add listeners and return one function removing them all. */
export function listen(target: EventTargetLike | null, types: string[], listener: () => void): () => void {
  if (!target) return () => undefined;
  for (const type of types) target.addEventListener(type, listener);
  return () => {
    for (const type of types) target.removeEventListener(type, listener);
  };
}

/**
 * Let the browser handle input and paint before going on: a pull's write and the next collection's
 * pull become tasks of their own instead of one long task (on a phone's CPU each collection's
 * response handling and Dexie transaction is tens of milliseconds; together they blocked taps for
 * most of a second after the first screen, docs/decisions/performance.md).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resume) => setTimeout(resume, 0));
}
