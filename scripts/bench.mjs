// `npm run bench`: builds when needed, then runs every tests/bench/*.bench.ts in turn.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { buildReason } from './freshness.mjs';

if (buildReason()) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
for (const file of readdirSync('tests/bench').filter((name) => name.endsWith('.bench.ts')).sort()) {
  console.log(`\n## ${file}`);
  const run = spawnSync('npx', ['tsx', `tests/bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
