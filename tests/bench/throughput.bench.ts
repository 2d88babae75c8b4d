// `npm run bench`: how much a signed-in list read costs next to a bare route. autocannon
// drives the real built server with 20 concurrent connections: `GET /api/health` (one trivial
// database round trip, no auth) against `GET /api/scripts` (bearer token, a creator with 200
// scripts, default page), alternating in rounds so both see the same machine load. The figure
// that matters is the ratio of the two throughputs in this one run (the target is ≥ 0.5).
// Figures only; nothing here asserts a time.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from '../e2e/harness';
import { registerBenchUser } from './bench-users';

const SCRIPTS = 200;
const CONNECTIONS = 20;
const ROUNDS = 2;
const SECONDS_PER_ROUND = 5;

async function seedScripts(url: string, token: string): Promise<void> {
  for (let i = 0; i < SCRIPTS; i += 1) {
    const response = await fetch(`${url}/api/scripts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        id: randomUUID(),
        title: `Script ${i}: three hooks for a morning routine`,
        body: 'Hook: you are doing mornings wrong. Step one, water before coffee. Step two, light before screens. Step three, one task before messages. Follow for more.',
      }),
    });
    if (response.status !== 201) throw new Error(`seed POST ${response.status}`);
    await response.arrayBuffer();
  }
}

interface Run {
  requests: number;
  seconds: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return { requests: result.requests.total, seconds: result.duration };
}

const perSecond = (runs: Run[]) => runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);

async function main() {
  const server = await startServer();
  try {
    const token = await registerBenchUser(server.url, 'throughput');
    await seedScripts(server.url, token);
    const health = { url: `${server.url}/api/health`, headers: { accept: 'application/json' } };
    const list = { url: `${server.url}/api/scripts`, headers: { accept: 'application/json', authorization: `Bearer ${token}` } };

    const check = await fetch(list.url, { headers: list.headers });
    const page = (await check.json()) as { data: unknown[]; total: number };
    if (page.total !== SCRIPTS) throw new Error(`expected ${SCRIPTS} scripts, the list says ${page.total}`);

    await load(health.url, health.headers, 1); // warm-up: JIT, connection pools, query plans
    await load(list.url, list.headers, 1);
    const healthRuns: Run[] = [];
    const listRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      healthRuns.push(await load(health.url, health.headers, SECONDS_PER_ROUND));
      listRuns.push(await load(list.url, list.headers, SECONDS_PER_ROUND));
    }
    const healthRate = perSecond(healthRuns);
    const listRate = perSecond(listRuns);
    console.log(`Reelflow throughput benchmark (built server, embedded PGlite, loopback, autocannon, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS_PER_ROUND} s each)`);
    console.log(`GET /api/health                         ${healthRate.toFixed(0).padStart(6)} req/s`);
    console.log(`GET /api/scripts (${SCRIPTS} scripts, page of ${page.data.length})  ${listRate.toFixed(0).padStart(6)} req/s`);
    console.log(`ratio  scripts list / health: ${(listRate / healthRate).toFixed(2)}x`);
  } finally {
    await server.stop();
  }
}

await main();
