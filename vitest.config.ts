import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects, run separately by npm scripts: unit (browser code in happy-dom), server (API
// against embedded PGlite, or Postgres when TEST_DATABASE_URL is set) and e2e (Debian Chromium
// against the built app and a real server process). Vitest's default on 2 cores is one worker; the
// npm scripts run unit files two at a time and server files three at a time (each has its own
// database, and much of a server test waits on the database, ffmpeg or a fake platform), which
// about halves their time. A test that fails only when files run side by side has a race to fix.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // Room for the async utilities' ceiling (tests/unit/setup.ts) on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server (own port and data folder) and browser, so files run
          // side by side (`--maxWorkers=2` in package.json): about 400 s instead of 660 s in CI.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser on a shared 2-core machine can take seconds to show what a fast one shows
          // at once; a poll stops as soon as it holds, so a generous ceiling costs nothing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
