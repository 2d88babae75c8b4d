// Bundles the server entry points into dist/server with esbuild. Dependencies stay external
// (they are installed by npm), so the bundle holds only our own code and the migrations.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    worker: 'server/worker.ts',
    admin: 'server/cli/admin.ts',
    // The built-in voices' worker thread, found next to the bundle (server/providers/tts/builtin/espeak.ts).
    'speech-worker': 'server/providers/tts/builtin/speech-worker.mjs',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server bundle written to dist/server');
