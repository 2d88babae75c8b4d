// The JavaScript a page downloads before it can work, from the build's chunk graph
// (dist/client/.vite/manifest.json, vite `build.manifest`): the entry chunk and everything it
// imports statically, plus the lazy chunks the page loads at once (its route's screen, the
// signed-in layout, the offline engine) and their static imports, transitively. Sizes are gzip
// (level 9, as served) of the files on disk, so the result is deterministic for a given build.
// Used by tests/e2e/budgets.test.ts (fails over budget) and tests/bench/bundle.bench.ts (prints).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024;

/** Issue 7: initial JavaScript per page, gzip. */
export const BUDGETS = {
  '/login': 150 * KB,
  '/ (signed in)': 220 * KB,
};

/** The lazy modules (manifest keys = source paths) each page loads on start, besides the entry. */
export const PAGE_CHUNKS = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/ (signed in)': [
    'src/app/SignedInApp.tsx',
    'src/features/home/HomePage.tsx',
  ],
};

/**
 * What each page starts loading right after its first render, without waiting for it: the HTTP
 * layer (axios) for the first request, the offline engine with the local store (Dexie) and the
 * toast container. Not part of the budget (as with Next.js' "First Load JS", dynamic imports are
 * not initial), but printed by `npm run bench` so it stays visible.
 */
export const AFTER_FIRST_RENDER = {
  '/login': ['node_modules/@mantine/notifications/esm/index.mjs', 'src/api/endpoints.ts', 'src/contract-auth'],
  '/ (signed in)': [
    'node_modules/@mantine/notifications/esm/index.mjs',
    'src/api/endpoints.ts',
    'src/app/sync-runtime.ts',
    'src/store/db.ts',
    'src/app/shell/SyncIndicator.tsx',
  ],
};

export function readManifest(clientDir) {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`npm run build\` first (vite build with build.manifest).`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}.`);
  return entries[0];
}

/** The JavaScript files of the chunks `keys` and of their static imports, transitively. */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build.`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/**
 * The manifest key of the chunk a source module is built into: its own entry when it is the
 * chunk's facade, else the chunk whose sourcemap lists it (a module also imported statically
 * elsewhere is bundled into a shared chunk). A module found nowhere is an error, never a skip.
 */
export function chunkOf(manifest, clientDir, sourceKey) {
  if (manifest[sourceKey]) return sourceKey;
  const holders = Object.entries(manifest).filter(([, chunk]) => {
    const mapPath = join(clientDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapPath)) return false;
    const { sources = [] } = JSON.parse(readFileSync(mapPath, 'utf8'));
    return sources.some((source) => source.replace(/^(\.\.\/)+/, '') === sourceKey);
  });
  if (holders.length !== 1) {
    throw new Error(`${sourceKey} is in ${holders.length} chunks of the build, expected 1 (renamed? update scripts/js-budget.mjs).`);
  }
  return holders[0][0];
}

export function gzipSize(clientDir, file) {
  return gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
}

/** Per page: the files and their total gzip size, with the budget. */
export function initialJavaScript(clientDir) {
  const manifest = readManifest(clientDir);
  const entry = entryKey(manifest);
  return Object.entries(PAGE_CHUNKS).map(([page, chunks]) => {
    const keys = [entry, ...chunks.map((source) => chunkOf(manifest, clientDir, source))];
    const files = [...staticClosure(manifest, keys)].sort();
    const sizes = files.map((file) => ({ file, gzip: gzipSize(clientDir, file) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    return { page, files: sizes, total, budget: BUDGETS[page] };
  });
}

export const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
