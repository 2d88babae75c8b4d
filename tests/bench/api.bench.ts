// `npm run bench`: figures for the accounts API on the built server with embedded PGlite.
// Compares, in one run on one machine, the cost of a password sign-in (argon2id, deliberately
// slow) with an authenticated read (token hash lookup), and sequential with concurrent reads.
// It prints figures; it asserts nothing about time (machines here are shared and noisy).
import { startServer } from '../e2e/harness';

interface Figures {
  count: number;
  totalMs: number;
  perSecond: number;
  p50: number;
  p95: number;
}

function figures(durations: number[], totalMs: number): Figures {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: durations.length, totalMs, perSecond: (durations.length / totalMs) * 1000, p50: at(0.5), p95: at(0.95) };
}

async function timed(count: number, concurrency: number, call: () => Promise<void>): Promise<Figures> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        await call();
        durations.push(performance.now() - t0);
      }
    }),
  );
  return figures(durations, performance.now() - started);
}

function print(label: string, f: Figures) {
  console.log(
    `${label.padEnd(34)} ${String(f.count).padStart(5)} req  ${f.totalMs.toFixed(0).padStart(7)} ms  ${f.perSecond.toFixed(1).padStart(8)} req/s  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms`,
  );
}

async function main() {
  const server = await startServer({ LOGIN_RATE_LIMIT_MAX: '100000' });
  try {
    const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const anonymousHeaders = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) };
    const credentials = { email: `bench-${Date.now()}@example.com`, password: 'benchmark password' };
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: anonymousHeaders,
      body: JSON.stringify({ name: 'Bench', ...credentials, password_confirmation: credentials.password }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const authHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };

    const read = async () => {
      const response = await fetch(`${server.url}/api/user`, { headers: authHeaders });
      if (!response.ok) throw new Error(`GET /api/user ${response.status}`);
      await response.arrayBuffer();
    };
    const login = async () => {
      const response = await fetch(`${server.url}/api/login`, { method: 'POST', headers: anonymousHeaders, body: JSON.stringify(credentials) });
      if (!response.ok) throw new Error(`POST /api/login ${response.status}`);
      await response.arrayBuffer();
    };

    await timed(50, 4, read); // warm-up
    const readSequential = await timed(500, 1, read);
    const readConcurrent = await timed(2000, 16, read);
    const logins = await timed(20, 1, login);

    console.log('Reelflow API benchmark (built server, embedded PGlite, loopback)');
    print('GET /api/user, sequential', readSequential);
    print('GET /api/user, 16 concurrent', readConcurrent);
    print('POST /api/login (argon2id), seq.', logins);
    console.log(`ratio  login p50 / authenticated read p50: ${(logins.p50 / readSequential.p50).toFixed(1)}x`);
    console.log(`ratio  concurrent / sequential read throughput: ${(readConcurrent.perSecond / readSequential.perSecond).toFixed(2)}x`);
  } finally {
    await server.stop();
  }
}

await main();
