// The registry of outbox mutation kinds. A later issue adds a kind in one step:
//
//   export const saveScript = defineMutation({
//     kind: 'script.save', schemaVersion: 1,
//     entityKey: (p: { id: string; title: string }) => `script:${p.id}`,
//     toRequest: (p) => ({ method: 'PUT', url: `/api/scripts/${p.id}`, body: { title: p.title } }),
//   });
//   await outbox.enqueue(saveScript, { id, title });
//
// The module that defines a kind must be imported by every context that drains the outbox (page
// and service worker): a row whose kind is unknown, or whose schemaVersion is newer than the
// registered one, is left untouched (an old service worker must not mangle rows of a newer build).

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MutationRequest {
  method: HttpMethod;
  url: string;
  body?: unknown;
  /** Sent as the `If-Match` header on every attempt (e.g. `"r3"`: the version the change was made on). */
  ifMatch?: string;
}

export interface MutationDef<K extends string = string, P = unknown> {
  kind: K;
  /** Bump when the payload shape or the request it maps to changes. */
  schemaVersion: number;
  /** The HTTP call this change becomes. Computed once, at enqueue time. */
  toRequest(payload: P): MutationRequest;
  /** Changes with the same entity key are delivered strictly in the order they were enqueued. */
  entityKey(payload: P): string;
  /**
   * Not the user's own work (e.g. error reports): not counted by Outbox.counts(), so it never
   * shows as "N pending"/"N failed" nor in the sign-out warning. It is still sent like any other.
   */
  silent?: boolean;
}

export interface MutationRegistry {
  define<K extends string, P>(def: MutationDef<K, P>): MutationDef<K, P>;
  get(kind: string): MutationDef<string, unknown> | undefined;
  kinds(): string[];
}

export function createMutationRegistry(): MutationRegistry {
  const defs = new Map<string, MutationDef<string, unknown>>();
  return {
    define<K extends string, P>(def: MutationDef<K, P>): MutationDef<K, P> {
      if (!def.kind) throw new Error('defineMutation: kind is required');
      if (!Number.isInteger(def.schemaVersion) || def.schemaVersion < 1) {
        throw new Error(`defineMutation(${def.kind}): schemaVersion must be a positive integer`);
      }
      // Re-defining a kind replaces it (hot module reload re-runs definitions).
      defs.set(def.kind, def);
      return def;
    },
    get: (kind) => defs.get(kind),
    kinds: () => [...defs.keys()],
  };
}

/** The app-wide registry (page and service worker each build theirs by importing the kinds). */
export const mutationRegistry: MutationRegistry = createMutationRegistry();

/** Register a mutation kind in the app-wide registry and return it (typed handle for enqueue). */
export function defineMutation<K extends string, P>(def: MutationDef<K, P>): MutationDef<K, P> {
  return mutationRegistry.define(def);
}
