// Types of scripts/build-server.mjs for the TypeScript tests.
/** Bundle file name (without .js) → source. */
export const SERVER_ENTRIES: Record<string, string>;
/** Bundles the server into `outdir` (default dist/server). */
export function buildServer(outdir?: string): Promise<void>;
