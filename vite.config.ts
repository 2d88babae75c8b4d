import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { artStyleThumbnails } from './scripts/art-style-thumbnails';

// The API server (npm run dev starts it) listens on API_PORT; Vite proxies every API path to it so
// the browser sees one origin, exactly like production where Fastify serves the built PWA.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  plugins: [
    react(),
    // Real frames of each art style for the style picker, rendered at build time (never committed).
    artStyleThumbnails(),
    VitePWA({
      // Our own TypeScript service worker (workers/sw.ts): precache the shell, SPA navigation
      // fallback, outbox drain on 'sync'. Workbox's generated worker cannot do the last part.
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      // 'prompt': a new version waits until the user chooses to reload, so a running drain of the
      // outbox is never cut off by a surprise takeover.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
        // ffmpeg.wasm's core (~32 MB) is fetched and cached on first use, never precached.
        globIgnores: ['**/ffmpeg*/**', '**/*ffmpeg-core*'],
      },
      manifest: {
        name: 'Reelflow — AI short videos, captions and publishing',
        short_name: 'Reelflow',
        description:
          'Write video scripts, make faceless AI short videos, caption your uploads and publish or schedule them to YouTube, TikTok and Instagram — even on a bad connection.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#7c3aed',
        background_color: '#101014',
        categories: ['productivity', 'photo', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Create an AI video', short_name: 'New video', url: '/create-ai-video', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'My scripts', short_name: 'Scripts', url: '/my-scripts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Publish a post', short_name: 'Publish', url: '/publish', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Calendar', short_name: 'Calendar', url: '/calender', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  // ffmpeg.wasm (workers/media.worker.ts) starts its own module worker from inside the media worker:
  // both must be ES module workers. Pre-bundling would break its `new URL('./worker.js', …)`.
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util', '@ffmpeg/core', '@ffmpeg/core-mt'] },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 8080),
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/validate-license': apiTarget,
      // Signed media URLs (audio, video, images) served by the API.
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // dist/client/.vite/manifest.json: the chunk graph the JavaScript budget test reads.
    manifest: true,
    // ffmpeg's files stay files: the multi-thread core's small pthread worker inlined as a data:
    // URL would be refused by the CSP (worker-src 'self' blob:) and could not be cached apart.
    assetsInlineLimit: (file: string) => (/[\\/]@ffmpeg[\\/]/.test(file) ? false : undefined),
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks below: no chunk's exports are a public API.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Every module the entry imports statically is downloaded before the first render anyway;
          // the bundler's automatic splitting still cut them into ~16 files by which lazy screens
          // share them. One file instead: fewer requests on the critical path (HTTP/1.1 allows 6
          // at a time per origin, each costs a round trip on a phone network), the same bytes.
          // (The entry module itself stays the entry chunk, which index.html and the manifest name.)
          groups: [{ name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }],
          //
          // Lazy screens share many small modules (a Mantine component, an icon): split by which
          // screens share them, the signed-in layout and home came as ~40 files of 1–7 KB, and
          // Lighthouse's phone network pays a round trip per 6 of them before home can render.
          // Common chunks under 16 KB (source size) are copied into the chunks that use them
          // instead: `/` 51 → 13 files, `/login` 31 → 9, the same or fewer bytes per page; the
          // price is duplicated code in the service worker's precache (2.4 → 2.8 MB raw) and
          // strict execution order (modules run in import order via small init wrappers).
          // Measured in BENCHMARKS.md ("Fewer, larger chunks").
          // Chunks holding styles stay files: Vite's CSS plugin would emit their CSS once per copy.
          // So do the contract, the store and the offline engine: each copy of a module is evaluated
          // (the contract's zod schemas were built twice on /create-ai-video) and holds its own state.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)|[\\/](contract|src[\\/]store|src[\\/]sync)[\\/]/ },
        },
      },
      treeshake: {
        // contract/ only declares constants and zod schemas. Saying so lets the bundler drop the
        // modules a page does not use, so a screen importing one constant from the contract's
        // index does not download zod with every schema (initial JavaScript budgets).
        moduleSideEffects: (id: string) => (/[\\/]contract[\\/]/.test(id) && !id.includes('node_modules') ? false : undefined),
      },
    },
  },
});
