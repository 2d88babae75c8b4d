// The JavaScript a page needs before its first render, from the build's chunk graph
// (dist/client/.vite/manifest.json, vite `build.manifest`): the entry chunk and everything it
// imports statically, plus the route's lazy chunks (its layout and screen) and their static
// imports, transitively. As with Next.js' "First Load JS", chunks a page starts loading only
// after it has rendered (dynamic imports: the HTTP layer, the offline engine, the toast
// container, the sign-in form's schema) are not initial; they are reported separately.
// Sizes are gzip (level 9, as served) of the files on disk: deterministic for a given build.
// Used by tests/e2e/budgets.test.ts (fails over budget) and tests/bench/bundle.bench.ts (prints).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024;

/** Initial JavaScript per page, gzip (docs/decisions/performance.md "Initial JavaScript budgets"). */
export const BUDGETS = {
  // 150 KB until the editor: its outbox wiring tipped the shared vendor chunk 37 bytes over; worth winning back.
  '/login': 151 * KB,
  '/ (signed in)': 220 * KB,
};

/** The modules (manifest keys = source paths) whose chunks each page needs for its first render. */
export const FIRST_RENDER = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/ (signed in)': ['src/app/SignedInApp.tsx', 'src/features/home/HomePage.tsx'],
};

/**
 * The signed-in screens that render in a frame (src/app/lazy.ts, `frame`): each is its own chunk,
 * loaded after the frame (the shell, the screen's heading and introduction) has rendered. Per
 * screen, the budget holds everything it needs to render, gzip: the entry, the shell, and the
 * screen's chunk with its static imports (its data layer: Dexie, the HTTP client, zod, ...).
 * Set a few KB above the sizes measured when they were introduced, so growth is a decision.
 */
export const SCREEN_BUDGETS = {
  // The series (their store tables and outbox kinds in the shared data layer, labels in My videos,
  // the series screens' frames in the shell) took these two past their first budgets.
  '/create-ai-video': { module: 'src/features/videos/CreateAiVideoPage.tsx', budget: 410 * KB },
  '/my-videos': { module: 'src/features/videos/MyVideosPage.tsx', budget: 366 * KB },
  '/editor': { module: 'src/features/editor/EditorPage.tsx', budget: 390 * KB },
  '/publish': { module: 'src/features/publishing/PublishPage.tsx', budget: 390 * KB },
  '/calender': { module: 'src/features/publishing/calendar/CalendarPage.tsx', budget: 430 * KB },
  '/video-transcription': { module: 'src/features/transcription/VideoTranscriptionPage.tsx', budget: 340 * KB },
  '/my-scripts': { module: 'src/features/scripts/MyScriptsPage.tsx', budget: 355 * KB },
  '/connect': { module: 'src/features/accounts/ConnectPage.tsx', budget: 345 * KB },
  '/faceless-video': { module: 'src/features/videos/FacelessVideoPage.tsx', budget: 210 * KB },
  '/users/user-profile': { module: 'src/features/users/UserProfilePage.tsx', budget: 245 * KB },
  '/users/user-edit': { module: 'src/features/users/UserEditPage.tsx', budget: 235 * KB },
  '/create-ai-series': { module: 'src/features/series/CreateAiSeriesPage.tsx', budget: 390 * KB },
  '/video-series': { module: 'src/features/series/VideoSeriesPage.tsx', budget: 346 * KB },
  '/video-series/detail/$id': { module: 'src/features/series/SeriesDetailPage.tsx', budget: 345 * KB },
  '/video-series/edit-meta': { module: 'src/features/series/SeriesEditMetaPage.tsx', budget: 340 * KB },
  '/video-series/setting/$id': { module: 'src/features/series/SeriesSettingPage.tsx', budget: 385 * KB },
};

/** The shell: a framed screen's frame needs it and the entry, nothing of the screen. */
export const SIGNED_IN_LAYOUT = 'src/app/SignedInApp.tsx';
/** What a framed screen's frame may need before it renders, gzip: no more than the signed-in home. */
export const FRAME_BUDGET = 170 * KB;

/** What each page starts loading right after its first render, without waiting for it. */
export const AFTER_FIRST_RENDER = {
  '/login': ['node_modules/@mantine/notifications/esm/index.mjs', 'src/api/endpoints.ts', 'contract/auth.ts'],
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

/** The source modules a built file was made from (its sourcemap), as project-relative paths. */
export function sourcesOf(clientDir, file) {
  const mapPath = join(clientDir, `${file}.map`);
  // A chunk of re-exports only has no map (and no sources). With build.sourcemap off, chunkOf
  // finds no module anywhere and throws.
  if (!existsSync(mapPath)) return [];
  const { sources = [] } = JSON.parse(readFileSync(mapPath, 'utf8'));
  return sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

/**
 * The manifest key of the chunk a source module is built into: the chunk whose sourcemap lists it
 * (a module also imported statically elsewhere is bundled into a shared chunk; its own manifest
 * entry, when something also imports it dynamically, is then only a facade of re-exports that a
 * page loading the shared chunk never asks for), else its own entry. A module found nowhere is an
 * error, never a skip.
 */
export function chunkOf(manifest, clientDir, sourceKey) {
  const own = manifest[sourceKey];
  if (own && sourcesOf(clientDir, own.file).includes(sourceKey)) return sourceKey;
  const holders = Object.entries(manifest).filter(
    ([, chunk]) => chunk.file.endsWith('.js') && sourcesOf(clientDir, chunk.file).includes(sourceKey),
  );
  if (holders.length === 0 && own) return sourceKey;
  if (holders.length !== 1) {
    throw new Error(`${sourceKey} is in ${holders.length} chunks of the build, expected 1 (renamed? update scripts/js-budget.mjs).`);
  }
  return holders[0][0];
}

export function gzipSize(clientDir, file) {
  return gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
}

const sized = (clientDir, files) => [...files].sort().map((file) => ({ file, gzip: gzipSize(clientDir, file) }));
const sum = (files) => files.reduce((total, { gzip }) => total + gzip, 0);

/**
 * Per page: the files of its first render with their gzip sizes and total, its budget, and what
 * it loads right after rendering (files not counted already).
 */
export function initialJavaScript(clientDir) {
  const manifest = readManifest(clientDir);
  const entry = entryKey(manifest);
  return Object.entries(FIRST_RENDER).map(([page, modules]) => {
    const initial = staticClosure(manifest, [entry, ...modules.map((source) => chunkOf(manifest, clientDir, source))]);
    const later = staticClosure(manifest, AFTER_FIRST_RENDER[page].map((source) => chunkOf(manifest, clientDir, source)));
    const files = sized(clientDir, initial);
    const afterFiles = sized(clientDir, [...later].filter((file) => !initial.has(file)));
    return { page, files, total: sum(files), budget: BUDGETS[page], after: { files: afterFiles, total: sum(afterFiles) } };
  });
}

/**
 * Per framed screen: the files its frame needs (entry and shell), the files the whole screen needs
 * (those and its chunk's closure) with their gzip total and budget, and its own chunk's file.
 */
export function screenJavaScript(clientDir) {
  const manifest = readManifest(clientDir);
  const entry = entryKey(manifest);
  const frameFiles = staticClosure(manifest, [entry, chunkOf(manifest, clientDir, SIGNED_IN_LAYOUT)]);
  const frame = sized(clientDir, frameFiles);
  return Object.entries(SCREEN_BUDGETS).map(([route, { module, budget }]) => {
    const key = chunkOf(manifest, clientDir, module);
    const files = sized(clientDir, staticClosure(manifest, [entry, chunkOf(manifest, clientDir, SIGNED_IN_LAYOUT), key]));
    return {
      route,
      chunk: manifest[key],
      frame: { files: frame, total: sum(frame), budget: FRAME_BUDGET },
      files,
      total: sum(files),
      budget,
    };
  });
}

export const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
