// `npm start` (API + job workers + PWA), `npm run worker` (job workers only) and
// `npm run admin -- …` (admin CLI). Builds first when dist/ is missing or stale — quietly: one
// line before and one after; the build's own output is shown only when it fails.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildReason } from './freshness.mjs';

const modes = { '--worker': 'worker', '--admin': 'admin' };
const mode = modes[process.argv[2]] ?? 'main';
if (mode !== 'main') process.argv.splice(2, 1);

const reason = buildReason();
if (reason) {
  const started = Date.now();
  console.error(`Building Reelflow (${reason})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  console.error(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

await import(pathToFileURL(resolve('dist/server', `${mode}.js`)).href);
