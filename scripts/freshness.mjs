// Decides whether dist/ is missing or older than the sources, so `npm start` can build exactly
// when needed: a newcomer runs only `npm install && npm start`, and a `git pull` is picked up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'server', 'contract', 'workers', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/compress-client.mjs'];
// index.html.br: written last by the client build (scripts/compress-client.mjs).
const OUTPUTS = ['dist/client/index.html', 'dist/client/index.html.br', 'dist/server/main.js', 'dist/server/worker.js', 'dist/server/admin.js', 'dist/server/speech-worker.js', 'dist/server/music-worker.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Returns why a build is needed, or null when dist/ is current. */
export function buildReason(root = process.cwd()) {
  const missing = OUTPUTS.find((file) => !existsSync(join(root, file)));
  if (missing) return `${missing} is missing`;
  const oldestOutput = Math.min(...OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  const newestSource = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  return newestSource > oldestOutput ? 'sources changed since the last build' : null;
}
