// `npm start` (API + job workers + PWA), `npm run worker` (job workers only) and
// `npm run admin -- …` (admin CLI). Builds first when dist/ is missing or stale.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildReason } from './freshness.mjs';

const modes = { '--worker': 'worker', '--admin': 'admin' };
const mode = modes[process.argv[2]] ?? 'main';
if (mode !== 'main') process.argv.splice(2, 1);

const reason = buildReason();
if (reason) {
  console.error(`Building Reelflow (${reason})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(resolve('dist/server', `${mode}.js`)).href);
