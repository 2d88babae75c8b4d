// Entry of `npm run admin -- <command>` (bundled to dist/server/admin.js; `npx tsx
// server/cli/admin.ts <command>` in development). scripts/start.mjs imports the bundle, so this
// module runs on import; tests import admin-cli.ts instead (and VITEST keeps this one inert).
import { main } from './admin-cli';

export { main };

if (!process.env.VITEST) {
  process.exitCode = await main(process.argv.slice(2));
}
