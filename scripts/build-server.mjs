// Bundles the server entry points into dist/server with esbuild. Dependencies stay external
// (they are installed by npm), so the bundle holds only our own code and the migrations.
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Bundle file name (without .js) → source. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  admin: 'server/cli/admin.ts',
  // The built-in voices' child process, found next to the bundle (server/providers/tts/builtin/worker-client.ts).
  'speech-worker': 'server/providers/tts/builtin/speech-worker.mjs',
  // The built-in music's worker thread, found next to the bundle (server/media/music/composer-pool.ts).
  'music-worker': 'server/media/music/music-worker.ts',
};

export async function buildServer(outdir = 'dist/server') {
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
  console.log('server bundle written to dist/server');
}
