// Entry of `npm run admin -- <command>` (bundled to dist/server/admin.js, which scripts/start.mjs
// imports; `npx tsx server/cli/admin.ts <command>` in development). It runs on import — that is
// what an entry module does — so tests and other code import `main` from admin-cli.ts instead.
import { main } from './admin-cli';

export { main };

process.exitCode = await main(process.argv.slice(2));
