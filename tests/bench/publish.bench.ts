// `npm run bench`: the publish engine against the built-in YouTube sandbox, in process
// (buildApp on embedded PGlite, the real YouTube adapter, sandbox accounts connected through the
// real connect routes and the sandbox's consent form). Three figures:
//  1. throughput: N posts × 2 accounts of a small real mp4 posted "now"; targets per minute until
//     the platform holds each upload and until each is published (sandbox processing 0 s, status
//     polls every 250 ms instead of 15 s, so the figure is the engine's, not the poll interval's);
//  2. bytes: publishing a ~16 MB mp4 (YouTube's default 8 MiB chunks) ÷ a plain copy of the same
//     bytes through the storage read path the engine uses, alternating, so machine noise hits both;
//  3. scheduling delay: from a target's due time (a few seconds ahead) to its upload starting
//     (the adapter's publish call), p50/p95/max — with the in-process scheduler, then through
//     pg-boss (runServer, PUBLISH_CONCURRENCY workers), whose workers poll for due jobs.
// Figures only; nothing here asserts a time (the machine is shared and noisy).
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ConnectResponse, Post } from '../../contract/publishing';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { buildServices } from '../../server/composition';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { posts, postTargets } from '../../server/db/schema';
import { storedMedia } from '../../server/domain/publishing/media';
import type { PublishScheduler } from '../../server/domain/social/types';
import { bossPublishScheduler } from '../../server/jobs/publish-target';
import { runFfmpeg } from '../../server/media/ffmpeg';
import type { MediaStorage } from '../../server/media/storage/types';
import type { SocialPlatformAdapter } from '../../server/domain/ports/social';
import { runServer } from '../../server/server';
import { submitConsent } from '../server/fakes/youtube-sandbox-consent';
import { makeFixtures } from '../server/media-fixtures';
import { allowPublishing, seedVideo } from '../server/publishing-fixtures';

const POSTS = Number(process.env.BENCH_PUBLISH_POSTS ?? 12);
const ACCOUNTS = 2;
const LARGE_RUNS = Number(process.env.BENCH_PUBLISH_LARGE_RUNS ?? 3);
const DELAY_TARGETS = Number(process.env.BENCH_PUBLISH_DELAY_TARGETS ?? 10);
/** The first delayed target is due this far ahead, the others every DELAY_STEP_MS after it. */
const DELAY_LEAD_MS = 3_000;
const DELAY_STEP_MS = 450;
const HOUR = 3_600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}
const summary = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;

function benchEnv(root: string): NodeJS.ProcessEnv {
  return {
    DATA_DIR: join(root, 'data'),
    CLIENT_DIR: join(root, 'no-client'),
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://reelflow.test',
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_REGISTER: '100000 per hour',
    RATE_LIMIT_CONNECT: '100000 per minute',
    SANDBOX_PLATFORMS: '1',
    SANDBOX_PROCESSING_SECONDS: '0',
  };
}

/**
 * When each upload started and ended, by the post's YouTube title: the adapter's publish call is
 * wrapped (the same object the engine looks up on every run, in process and in pg-boss workers).
 */
function instrument(adapter: SocialPlatformAdapter) {
  const started = new Map<string, number>();
  const accepted = new Map<string, number>();
  const original = adapter.publisher.publish.bind(adapter.publisher);
  adapter.publisher.publish = async (ctx, media, content) => {
    const key = `${content.youtube?.title ?? ''}#${randomUUID()}`;
    started.set(key, Date.now());
    const result = await original(ctx, media, content);
    accepted.set(key, Date.now());
    return result;
  };
  const byTitle = (map: Map<string, number>, title: string) => [...map].filter(([key]) => key.slice(0, key.lastIndexOf('#')) === title).map(([, at]) => at);
  return {
    startsOf: (title: string) => byTitle(started, title),
    acceptedCount: () => accepted.size,
    lastAccepted: () => Math.max(...accepted.values()),
    reset() {
      started.clear();
      accepted.clear();
    },
  };
}

/** A creator on `app`: registered through the API (CSRF cookie first, as the PWA does), allowed to publish. */
async function creator(app: FastifyInstance, database: Database) {
  const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const xsrf = csrf.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const password = 'benchmark password';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { accept: 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
    payload: { name: 'Bench', email: `publish-${randomUUID()}@example.com`, password, password_confirmation: password },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const { token, user } = registered.json<{ token: string; user: { id: number } }>();
  await allowPublishing(database.db, user.id);
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };

  return {
    userId: user.id,
    /** GET /api/youtube/connect → the sandbox's consent form → the callback: the account id. */
    async connect(name: string): Promise<string> {
      const started = await app.inject({ method: 'GET', url: '/api/youtube/connect?path=/connect', headers });
      const { url, sandbox } = started.json<ConnectResponse>();
      if (started.statusCode !== 200 || !sandbox) throw new Error(`connect: ${started.statusCode} ${started.body}`);
      const consent = await submitConsent(app, url, { account_name: name, simulate: 'ok' });
      if (!consent.callback) throw new Error(`consent: ${consent.submit.statusCode} ${consent.submit.body.slice(0, 200)}`);
      const callback = await app.inject({ method: 'GET', url: `${consent.callback.pathname}${consent.callback.search}` });
      const account = new URL(String(callback.headers.location), 'http://reelflow.test').searchParams.get('account');
      if (!account) throw new Error(`callback: ${callback.statusCode} ${String(callback.headers.location)}`);
      return account;
    },
    async post(videoId: string, accountIds: string[], title: string, scheduledAt?: Date): Promise<Post> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/create/post',
        headers,
        payload: { id: randomUUID(), video_id: videoId, account_ids: accountIds, caption: `${title} #shorts`, ...(scheduledAt ? { scheduled_at: scheduledAt.toISOString() } : {}), options: { youtube: { title, privacy: 'unlisted' } } },
      });
      if (response.statusCode !== 202) throw new Error(`create post: ${response.statusCode} ${response.body}`);
      return response.json<Post>();
    },
  };
}

type Creator = Awaited<ReturnType<typeof creator>>;

async function statusesOf(database: Database, targetIds: string[]) {
  return database.db.select({ id: postTargets.id, status: postTargets.status }).from(postTargets).where(inArray(postTargets.id, targetIds));
}

async function publishedCount(database: Database, userId: number): Promise<number> {
  const rows = await database.db.select({ id: postTargets.id }).from(postTargets).where(and(eq(postTargets.userId, userId), eq(postTargets.status, 'published')));
  return rows.length;
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Posts scheduled an hour ahead, then each target moved to a time a few seconds ahead the way a
 * reschedule does it (the row's time, then the scheduler) — the API treats anything within two
 * minutes as "now", and a bench should not wait two minutes. Returns each upload's delay after its due time.
 */
async function schedulingDelays(label: string, database: Database, scheduler: PublishScheduler, who: Creator, videoId: string, account: string, uploads: ReturnType<typeof instrument>) {
  const targets: { title: string; targetId: string; postId: string }[] = [];
  for (let index = 0; index < DELAY_TARGETS; index++) {
    const title = `${label} delay ${index}`;
    const post = await who.post(videoId, [account], title, new Date(Date.now() + HOUR));
    targets.push({ title, targetId: post.targets[0]!.id, postId: post.id });
  }
  const firstDue = Date.now() + DELAY_LEAD_MS;
  const due = new Map<string, number>();
  for (const [index, { title, targetId, postId }] of targets.entries()) {
    const at = new Date(firstDue + index * DELAY_STEP_MS);
    due.set(title, at.getTime());
    await database.db.update(posts).set({ scheduledAt: at }).where(eq(posts.id, postId));
    await database.db.update(postTargets).set({ nextAttemptAt: at }).where(eq(postTargets.id, targetId));
    await scheduler.schedule(targetId, at);
  }
  if (Date.now() > firstDue) console.warn(`  (warning: scheduling took longer than the ${DELAY_LEAD_MS} ms lead; the first delays are understated)`);
  await waitFor(`${label} uploads to start`, () => targets.every(({ title }) => uploads.startsOf(title).length > 0));
  return targets.map(({ title }) => Math.min(...uploads.startsOf(title)) - due.get(title)!);
}

/** A real mp4 of about `megabytes` MB (lossless H.264 of a test pattern: big quickly). */
async function largeMp4(dir: string, megabytes: number): Promise<Buffer> {
  const path = join(dir, 'large.mp4');
  const seconds = Math.max(1, Math.round(megabytes / 2));
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-f', 'mp4', path]);
  return readFileSync(path);
}

/** The plain baseline: the same bytes read through storage in the adapter's chunks and written to a file. */
async function copyThroughStorage(storage: MediaStorage, key: string, chunkBytes: number, to: string): Promise<void> {
  const media = await storedMedia(storage, key);
  if (!media) throw new Error(`no stored ${key}`);
  const out = createWriteStream(to);
  for (let offset = 0; offset < media.size; offset += chunkBytes) {
    if (!out.write(await media.read(offset, Math.min(media.size, offset + chunkBytes)))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

/** A published target is checked again shortly after its upload (polls every 250 ms): drain waits for those too. */
const STATUS_POLL_WINDOW_MS = 5_000;

async function inProcess(root: string, small: Buffer, large: Buffer) {
  const config: Config = loadConfig(benchEnv(join(root, 'in-process')));
  const database = await openDatabase(config);
  await migrate(database);
  const services = await buildServices(config, database, { log: pino({ level: 'silent' }), overrides: { publishTimings: { pollIntervalMs: 250 } } });
  const app = await buildApp({ config, database, services });
  await app.ready();
  await services.start();
  try {
    const uploads = instrument(services.publishEngine.adapters.youtube!);
    const publisher = services.publisher;
    const who = await creator(app, database);
    const accounts: string[] = [];
    for (let index = 0; index < ACCOUNTS; index++) accounts.push(await who.connect(`Bench channel ${index + 1}`));
    const smallVideo = await seedVideo(database.db, services.publishEngine.storage, who.userId, { title: 'Bench short', bytes: small });
    const largeVideo = await seedVideo(database.db, services.publishEngine.storage, who.userId, { title: 'Bench large', bytes: large });

    // Warm-up: one target end to end (JIT, query plans, the sandbox's upload directory).
    await who.post(smallVideo.id, [accounts[0]!], 'warm-up');
    await services.jobRunner.drain({ withinMs: STATUS_POLL_WINDOW_MS });
    uploads.reset();

    // 1. Throughput of small files: everything posted at once, worked as the in-process scheduler
    // does (every due target at once; PUBLISH_CONCURRENCY applies to pg-boss workers only).
    const started = Date.now();
    const targetIds: string[] = [];
    for (let index = 0; index < POSTS; index++) targetIds.push(...(await who.post(smallVideo.id, accounts, `throughput ${index}`)).targets.map((target) => target.id));
    const posted = Date.now();
    await services.jobRunner.drain({ withinMs: STATUS_POLL_WINDOW_MS });
    const done = Date.now();
    const statuses = await statusesOf(database, targetIds);
    const notPublished = statuses.filter((row) => row.status !== 'published');
    if (notPublished.length > 0) throw new Error(`${notPublished.length} targets not published: ${JSON.stringify(notPublished.slice(0, 3))}`);
    const uploadedMs = uploads.lastAccepted() - started;
    const publishedMs = done - started;
    const perMinute = (ms: number) => ((targetIds.length / ms) * 60_000).toFixed(0);
    console.log(`throughput, in process: ${POSTS} posts × ${ACCOUNTS} sandbox accounts = ${targetIds.length} targets of a ${(small.length / 1024).toFixed(1)} KB mp4, posted "now" (${posted - started} ms to create them)`);
    console.log(`  all held by the platform after ${uploadedMs} ms: ${perMinute(uploadedMs)} targets/min`);
    console.log(`  all published after ${publishedMs} ms:         ${perMinute(publishedMs)} targets/min (sandbox processing 0 s, polls every 250 ms)`);

    // 2. Bytes per second: one large file published at a time ÷ the same bytes copied out of storage.
    const chunkBytes = config.social.youtube.chunkBytes;
    const publishMs: number[] = [];
    const copyMs: number[] = [];
    for (let run = 0; run < LARGE_RUNS; run++) {
      let t0 = performance.now();
      await copyThroughStorage(services.publishEngine.storage, largeVideo.videoKey, chunkBytes, join(root, `copy-${run}.mp4`));
      copyMs.push(performance.now() - t0);
      rmSync(join(root, `copy-${run}.mp4`), { force: true });
      t0 = performance.now();
      const post = await who.post(largeVideo.id, [accounts[run % ACCOUNTS]!], `large ${run}`);
      await services.jobRunner.drain({ withinMs: STATUS_POLL_WINDOW_MS });
      publishMs.push(performance.now() - t0);
      const [row] = await statusesOf(database, [post.targets[0]!.id]);
      if (row?.status !== 'published') throw new Error(`large upload ended ${row?.status}`);
    }
    const megabytes = large.length / 1_048_576;
    const medianOf = (values: number[]) => quantile(values, 0.5);
    console.log(`bytes: a ${megabytes.toFixed(1)} MiB mp4 in ${Math.ceil(large.length / chunkBytes)} chunks of ${chunkBytes / 1_048_576} MiB, median of ${LARGE_RUNS}, alternating`);
    console.log(`  publish through the sandbox (post → published): ${medianOf(publishMs).toFixed(0)} ms, ${(megabytes / (medianOf(publishMs) / 1000)).toFixed(1)} MiB/s`);
    console.log(`  plain copy through the storage read path:        ${medianOf(copyMs).toFixed(0)} ms, ${(megabytes / (medianOf(copyMs) / 1000)).toFixed(1)} MiB/s`);
    console.log(`  ratio publish / copy: ${(medianOf(publishMs) / medianOf(copyMs)).toFixed(1)}x`);

    // 3. Scheduling delay with the in-process scheduler (a timer per target).
    uploads.reset();
    const delays = await schedulingDelays('in-process', database, publisher, who, smallVideo.id, accounts[0]!, uploads);
    console.log(`scheduling delay, in process (due → upload start, due ${DELAY_LEAD_MS / 1000} s ahead, ${DELAY_STEP_MS} ms apart): ${summary(delays)}`);
    await services.jobRunner.drain({ withinMs: 10 * 60_000 });
  } finally {
    await app.close();
    await services.close();
    await database.close();
  }
}

async function throughPgBoss(root: string, small: Buffer) {
  const config: Config = loadConfig(benchEnv(join(root, 'pg-boss')));
  const server = await runServer(config, { logger: false });
  try {
    const { app, database } = server;
    const uploads = instrument(server.services.publishEngine.adapters.youtube!);
    const who = await creator(app, database);
    const accounts: string[] = [];
    for (let index = 0; index < ACCOUNTS; index++) accounts.push(await who.connect(`Bench channel ${index + 1} via pg-boss`));
    const account = accounts[0]!;
    const video = await seedVideo(database.db, server.services.publishEngine.storage, who.userId, { title: 'Bench short', bytes: small });
    // Warm-up: one upload through a worker.
    await who.post(video.id, [account], 'warm-up');
    await waitFor('the warm-up upload', () => uploads.acceptedCount() > 0);
    uploads.reset();

    // Delay first, on an idle queue; then wait until those targets' status polls (jobs 15 s
    // after each upload, as in production) are done, so they do not share the throughput run.
    const delays = await schedulingDelays('pg-boss', database, bossPublishScheduler(() => server.boss), who, video.id, account, uploads);
    console.log(`scheduling delay, pg-boss (${config.publishConcurrency} workers = PUBLISH_CONCURRENCY, pg-boss's default polling every 2 s): ${summary(delays)}`);
    console.log('  (an idle pg-boss worker looks for due jobs every 2 s, so this delay is mostly that polling interval)');
    await waitFor('the delayed targets to be published', async () => (await publishedCount(database, who.userId)) >= DELAY_TARGETS + 1, 120_000);
    uploads.reset();

    // Throughput through the queue: the same posts as in process, until the platform holds every
    // upload, and until every status poll (a job 15 s after the upload, pollIntervalMs) saw it published.
    const started = Date.now();
    let count = 0;
    for (let index = 0; index < POSTS; index++) count += (await who.post(video.id, accounts, `pg-boss throughput ${index}`)).targets.length;
    await waitFor('the pg-boss uploads', () => uploads.acceptedCount() >= count, 180_000);
    const uploadedMs = uploads.lastAccepted() - started;
    await waitFor('the pg-boss targets to be published', async () => (await publishedCount(database, who.userId)) >= DELAY_TARGETS + 1 + count, 180_000);
    const publishedMs = Date.now() - started;
    const perMinute = (ms: number) => ((count / ms) * 60_000).toFixed(0);
    console.log(`throughput, pg-boss (${config.publishConcurrency} workers): ${count} targets`);
    console.log(`  all held by the platform after ${uploadedMs} ms: ${perMinute(uploadedMs)} targets/min`);
    console.log(`  all published after ${publishedMs} ms:        ${perMinute(publishedMs)} targets/min (status polls 15 s after the upload, as in production)`);
  } finally {
    await server.stop();
  }
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-publish-bench-'));
  const fixtures = makeFixtures(['mp4']);
  try {
    const small = fixtures.bytes('mp4');
    const large = await largeMp4(root, 16);
    const t0 = Date.now();
    await inProcess(root, small, large);
    await throughPgBoss(root, small);
    console.log(`(publish bench took ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } finally {
    fixtures.cleanup();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
