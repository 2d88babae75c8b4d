// `npm run chaos:series` (and a step of .ci/run): two series run themselves for two simulated
// weeks on several processes. On a database of its own on the local Postgres and an s3rver
// bucket, two API processes and two job workers share one simulated clock (SIMULATED_CLOCK=
// database: a row this run moves). Two creators each start a series posting every day at 18:00
// and 21:00 in Europe/Berlin, across the night clocks go forward (29 March 2026). The run moves the
// clock from one slot's preparation to the next and asks for a tick, then lets the workers make,
// render and publish on their own. Creator A's series must end with exactly 28 episodes and 28
// posts, each once on the sandbox channel, no two topics alike. Creator B's meets trouble: a
// render that cannot succeed (its music file vanishes from the store), a balance run down on
// day 5 and topped up on day 6, and a channel that revokes the app. Exits non-zero naming each
// failed check; always stops its processes and drops its database.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import PgBoss from 'pg-boss';
import { slotsBetween } from '../../contract/series-cadence';
import { wallClock } from '../../contract/time-zone';
import { closestMatch, SIMILARITY_THRESHOLD } from '../../server/domain/series/similarity';
import { createS3Client } from '../../server/media/storage/s3';
import { startLocalS3, type LocalS3 } from '../../tests/server/fakes/s3rver';
import { connectSandboxYoutube, register, sandboxChannel } from './api-client';
import { Checks } from './checks';
import { sharedEnvironment } from './environment';
import { createDatabase, type ChaosDatabase } from './infra';
import { runHarness } from './harness';
import { freePort, ReelflowProcess } from './processes';
import { createSeries, failedJobs, listEpisodes, showSeries, uploadMusic } from './series-client';
import { seconds, Timeline, until } from './timing';
import { toneWav } from './tus-upload';

// Fixed ids: each episode's id, and so the offline writer's seeded topics and scripts, follow from
// the series id and the slot, so every run writes the same two weeks. With random ids a rare draw
// made two episodes of series A too alike: skipping one is what a series does then (tested on
// its own), but this run checks one post per slot across processes and must not depend on a draw.
const SERIES_A_ID = '6b1f0c52-2a41-4c3e-9d0a-5e7a11c0a001';
const SERIES_B_ID = '6b1f0c52-2a41-4c3e-9d0a-5e7a11c0a002';

const ZONE = 'Europe/Berlin';
const CADENCE = { days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00', '21:00'], per_day: null };
/** Monday 23 March 2026, 00:00 in Berlin: fourteen days from here cross the change to summer time. */
const START_MS = Date.parse('2026-03-23T00:00:00+01:00');
const DAY_MS = 86_400_000;
const DAYS = 14;
const LEAD_HOURS = 1;
const RUN_LIMIT_MS = Number(process.env.CHAOS_SERIES_TIMEOUT_SECONDS ?? 1500) * 1000;
/** How long one step's episodes may take to be written, rendered and posted. */
const STEP_SETTLE_MS = 180_000;
const SERIES_QUEUES = ['series-tick', 'series-episode', 'render-video', 'publish-target'];

interface Run {
  root: string;
  database: ChaosDatabase | null;
  s3: LocalS3 | null;
  boss: PgBoss | null;
  processes: ReelflowProcess[];
}

/** The local day (1 = Monday 23 March) and time of an instant in Berlin. */
function localSlot(ms: number): { day: number; time: string } {
  const wall = wallClock(ms, ZONE);
  const day = Math.round((Date.UTC(wall.year, wall.month - 1, wall.day) - Date.UTC(2026, 2, 23)) / DAY_MS) + 1;
  return { day, time: `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}` };
}

async function setClock(database: ChaosDatabase, ms: number): Promise<void> {
  await database.client.query(`CREATE TABLE IF NOT EXISTS simulated_clock (id integer PRIMARY KEY, at timestamptz NOT NULL)`);
  await database.client.query(`INSERT INTO simulated_clock (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at`, [new Date(ms)]);
}

/** Nothing running and nothing due in the queues the series use, and no episode mid-way. */
async function settled(database: ChaosDatabase): Promise<boolean> {
  const { rows } = await database.client.query<{ busy: number; open: number }>(
    `SELECT (SELECT count(*) FROM pgboss.job WHERE name = ANY($1) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())))::int AS busy,
            (SELECT count(*) FROM series_episodes WHERE status IN ('planned', 'writing', 'rendering'))::int AS open`,
    [SERIES_QUEUES],
  );
  return rows[0]!.busy === 0 && rows[0]!.open === 0;
}

/** Every post of `userId` (or of everyone) done: published, failed, or blocked on a reconnect. A platform confirms a post by a poll seconds later. */
async function postsSettled(database: ChaosDatabase, userId?: number): Promise<boolean> {
  const { rows } = await database.client.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM post_targets WHERE status NOT IN ('published', 'failed', 'blocked') AND ($1::int IS NULL OR user_id = $1)`,
    [userId ?? null],
  );
  return rows[0]!.open === 0;
}

/** A change of a creator's balance with its ledger row, as the admin CLI makes one. */
async function changeCredits(database: ChaosDatabase, userId: number, delta: (balance: number) => number, reason: string): Promise<void> {
  const client = database.client;
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ credits: number }>(`SELECT credits FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const change = delta(rows[0]!.credits);
    const { rows: after } = await client.query<{ credits: number }>(`UPDATE users SET credits = credits + $2 WHERE id = $1 RETURNING credits`, [userId, change]);
    await client.query(`INSERT INTO credit_ledger (user_id, delta, reason, balance_after) VALUES ($1, $2, $3, $4)`, [userId, change, reason, after[0]!.credits]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function nextPreparation(database: ChaosDatabase): Promise<number | null> {
  const { rows } = await database.client.query<{ due: Date | null }>(`SELECT min(next_prepare_at) AS due FROM series WHERE status = 'active'`);
  return rows[0]!.due ? rows[0]!.due.getTime() : null;
}

async function main(run: Run): Promise<Checks> {
  const timeline = new Timeline();
  const checks = new Checks();
  run.database = await createDatabase();
  const database = run.database;
  run.s3 = await startLocalS3('reelflow-chaos-series');
  const s3Options = run.s3.options;
  const s3 = createS3Client(s3Options);
  await setClock(database, START_MS);
  timeline.phase(`database ${database.name} + s3rver, clock at 23 March 2026`);

  const [portA, portB] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${portA}`;
  const env = { ...sharedEnvironment({ databaseUrl: database.url, appUrl, s3: s3Options }), SIMULATED_CLOCK: 'database' };
  const apiA = new ReelflowProcess('api-a', 'api', run.root, { ...env, ROLE: 'api', PORT: String(portA) }, appUrl);
  const apiB = new ReelflowProcess('api-b', 'api', run.root, { ...env, ROLE: 'api', PORT: String(portB) }, `http://127.0.0.1:${portB}`);
  const workers = [1, 2].map((n) => new ReelflowProcess(`worker-${n}`, 'worker', run.root, { ...env, ROLE: 'worker' }, null));
  run.processes.push(apiA, apiB, ...workers);
  await Promise.all(run.processes.map((member) => member.start()));
  timeline.phase('4 processes started together');
  // The run's own hand on the queues: a tick asked for at each step instead of waiting for the minute's cron.
  run.boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
  run.boss.on('error', (error: Error) => console.error(`pg-boss (the run's): ${error.message}`));
  await run.boss.start();
  const apis = [apiA.url!, apiB.url!];
  let turn = 0;
  const api = () => apis[turn++ % 2]!;

  const [alice, bruno] = [await register(api(), 'series-a'), await register(api(), 'series-b')];
  await database.client.query(`UPDATE users SET plan = 'pro' WHERE id = ANY($1)`, [[alice.id, bruno.id]]);
  await connectSandboxYoutube([api(), api(), api()], alice, 'Strange animals daily');
  await connectSandboxYoutube([api(), api(), api()], bruno, 'Inventions daily');
  const track = await uploadMusic(api(), bruno, toneWav(200_000), 'Bruno bed');
  timeline.phase('2 creators, their sandbox channels and a music track');

  // Short episodes without captions keep forty renders within minutes on two cores.
  const style = { duration: 5, language: 'english', art_style: 'minimalist', aspect_ratio: '9:16', caption_settings: { preset: 'none' } } as const;
  const common = { status: 'active' as const, cadence: CADENCE, time_zone: ZONE, review_mode: 'auto' as const, lead_hours: LEAD_HOURS };
  const seriesA = await createSeries(api(), alice, {
    id: SERIES_A_ID,
    name: 'Strange animals',
    topic: { mode: 'niche', niche: 'strange animals' },
    style: { ...style, music: null },
    destinations: { account_ids: [alice.account!.id], options: { youtube: { privacy: 'private', made_for_kids: false, category_id: '22' } } },
    hashtags: ['animals'],
    ...common,
  });
  const seriesB = await createSeries(api(), bruno, {
    id: SERIES_B_ID,
    name: 'Inventions that changed everything',
    topic: { mode: 'niche', niche: 'weird inventions' },
    style: { ...style, music: { track_id: track.id, volume: 0.2 } },
    destinations: { account_ids: [bruno.account!.id], options: {} },
    ...common,
  });
  timeline.phase('2 series started (auto-publish, 18:00 and 21:00 Berlin)');

  const expectedSlots = slotsBetween(CADENCE, ZONE, START_MS, START_MS + DAYS * DAY_MS);
  const lastSlot = expectedSlots[expectedSlots.length - 1]!;
  const { rows: trackRows } = await database.client.query<{ storage_key: string }>(`SELECT storage_key FROM music_tracks WHERE id = $1`, [track.id]);
  const trackKey = trackRows[0]!.storage_key;
  let trackBytes: Uint8Array | null = null;
  const brokenSlot = expectedSlots.find((slot) => localSlot(slot).day === 3 && localSlot(slot).time === '21:00')!;
  let revoked = false;
  let steps = 0;

  for (;;) {
    const due = await nextPreparation(database);
    if (due === null || due > lastSlot) break;
    const slot = due + LEAD_HOURS * 3_600_000;
    const { day, time } = localSlot(slot);
    // Trouble for Bruno, each at its moment of the two weeks.
    if (slot === brokenSlot && trackBytes === null) {
      const stored = await s3.send(new GetObjectCommand({ Bucket: s3Options.bucket, Key: trackKey }));
      trackBytes = await stored.Body!.transformToByteArray();
      await s3.send(new DeleteObjectCommand({ Bucket: s3Options.bucket, Key: trackKey }));
    }
    if (day === 5 && time === '18:00') await changeCredits(database, bruno.id, (balance) => 1 - balance, 'chaos: balance run down');
    if (day === 6 && time === '18:00') await changeCredits(database, bruno.id, () => 100, 'chaos: top-up');
    if (day === 6 && time === '21:00' && !revoked) {
      // The creator removes the app's access on the platform's side, once the last post is on it.
      await until("Bruno's posts settle before the revocation", STEP_SETTLE_MS, () => postsSettled(database, bruno.id));
      await database.client.query(`UPDATE sandbox_accounts SET simulate = 'revoked' WHERE owner_user_id = $1`, [bruno.id]);
      revoked = true;
    }
    await setClock(database, due);
    await run.boss.send('series-tick', {});
    await until(`the episodes of day ${day} ${time} settle`, STEP_SETTLE_MS, async () => (await settled(database)) && (await nextPreparation(database)) !== due, 500);
    if (slot === brokenSlot && trackBytes) {
      await s3.send(new PutObjectCommand({ Bucket: s3Options.bucket, Key: trackKey, Body: trackBytes }));
    }
    steps += 1;
  }
  timeline.phase(`${steps} steps of simulated time, each slot's episode made by the workers`);
  await until('the last posts settle', STEP_SETTLE_MS, async () => (await postsSettled(database)) && (await settled(database)));

  // Alice: one episode per slot, each published once, none alike.
  const episodesA = (await listEpisodes(api(), alice, seriesA.id)).filter((episode) => !episode.sample);
  const slotsA = episodesA.map((episode) => Date.parse(episode.slot_at!)).sort((a, b) => a - b);
  checks.expect(episodesA.length === 28 && slotsA.join() === expectedSlots.join(), 'series A: exactly 28 episodes, one per slot', `${episodesA.length} episodes`);
  const wrongTimes = slotsA.filter((slot) => !CADENCE.times.includes(localSlot(slot).time));
  checks.expect(wrongTimes.length === 0, 'every slot at 18:00 or 21:00 Berlin time on both sides of the clock change', wrongTimes.map((slot) => new Date(slot).toISOString()).join(', '));
  const utcHours = new Set(slotsA.map((slot) => new Date(slot).getUTCHours()));
  checks.expect([16, 17, 19, 20].every((hour) => utcHours.has(hour)), 'the slots moved an hour in UTC when the clocks went forward', [...utcHours].join(', '));
  const unpublished = episodesA.filter((episode) => episode.status !== 'published');
  checks.expect(unpublished.length === 0, 'series A: every episode published', unpublished.map((episode) => `${episode.slot_at} ${episode.status}: ${episode.reason}`).join('; '));
  const postsA = episodesA.flatMap((episode) => episode.posts);
  checks.expect(postsA.length === 28 && new Set(postsA.map((post) => post.post_id)).size === 28, 'series A: 28 posts, one per episode', `${postsA.length} posts`);
  const channel = await sandboxChannel(api(), alice);
  const onChannel = channel.videos ?? [];
  checks.expect(onChannel.length === 28 && new Set(onChannel.map((video) => video.id)).size === 28, 'series A: 28 videos on the sandbox channel, each once', `${onChannel.length} videos`);
  const alike: string[] = [];
  episodesA.forEach((episode, index) => {
    const earlier = episodesA.slice(0, index).map((other) => ({ title: other.title ?? '' }));
    const match = closestMatch({ title: episode.title ?? '' }, earlier);
    if (match && match.score >= SIMILARITY_THRESHOLD) alike.push(`"${episode.title}" ~ "${earlier[match.index]!.title}" (${match.score.toFixed(2)})`);
  });
  checks.expect(alike.length === 0, 'no two topics of series A above the similarity threshold', alike.join('; '));

  // Bruno: the failed render, the short balance, the revoked channel.
  const episodesB = (await listEpisodes(api(), bruno, seriesB.id)).filter((episode) => !episode.sample);
  const at = (day: number, time: string) => episodesB.find((episode) => episode.slot_at && localSlot(Date.parse(episode.slot_at)).day === day && localSlot(Date.parse(episode.slot_at)).time === time);
  const broken = at(3, '21:00');
  checks.expect(broken?.status === 'failed', 'series B: the render that cannot succeed fails its episode', `${broken?.status}: ${broken?.reason}`);
  const { rows: brokenRows } = await database.client.query<{ render_attempts: number; posts: number }>(
    `SELECT render_attempts, (SELECT count(*) FROM posts p WHERE p.video_id = e.video_id)::int AS posts FROM series_episodes e WHERE e.id = $1`,
    [broken?.id ?? randomUUID()],
  );
  checks.expect(brokenRows[0]?.render_attempts === 1 && brokenRows[0]?.posts === 0, 'series B: the failed render was tried again once, and no post was made', JSON.stringify(brokenRows[0] ?? null));
  const failedRenders = (await failedJobs(api(), bruno)).filter((job) => job.kind === 'render');
  checks.expect(
    failedRenders.length === 1 && JSON.stringify(failedRenders[0]).includes(seriesB.name),
    'series B: the failed render is once on the failed-jobs list, naming the series',
    JSON.stringify(failedRenders).slice(0, 400),
  );
  const shortDay = [at(5, '18:00'), at(5, '21:00')];
  checks.expect(
    shortDay.every((episode) => episode?.status === 'skipped' && /^Not enough credits: \d+ needed, \d+ left/.test(episode.reason ?? '')),
    'series B: day 5 skipped for the balance, with the reason',
    shortDay.map((episode) => `${episode?.status}: ${episode?.reason}`).join('; '),
  );
  checks.expect(at(6, '18:00')?.status === 'published', 'series B: carried on after the top-up', `${at(6, '18:00')?.status}: ${at(6, '18:00')?.reason}`);
  const held = at(6, '21:00');
  checks.expect(held?.status === 'scheduled' && /^Reconnect .+ to publish\.$/.test(held.reason ?? ''), 'series B: the episode posted after the revocation waits for the reconnect, and says so', `${held?.status}: ${held?.reason}`);
  const pausedB = await showSeries(api(), bruno, seriesB.id);
  checks.expect(pausedB.status === 'paused' && pausedB.attention?.kind === 'reconnect', 'series B: paused itself when the channel revoked the app, and says so', JSON.stringify({ status: pausedB.status, attention: pausedB.attention }));
  const afterPause = episodesB.filter((episode) => episode.slot_at && Date.parse(episode.slot_at) > Date.parse(at(6, '21:00')?.slot_at ?? '0') && episode.status === 'published');
  checks.expect(afterPause.length === 0, 'series B: nothing published after it paused', afterPause.map((episode) => episode.slot_at).join(', '));
  const { rows: balance } = await database.client.query<{ credits: number }>(`SELECT credits FROM users WHERE id = $1`, [bruno.id]);
  checks.expect(balance[0]!.credits >= 0, 'series B: never overdrawn', String(balance[0]!.credits));

  const { rows: failedJobRows } = await database.client.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM pgboss.job WHERE name = ANY($1) AND state = 'failed' GROUP BY name`,
    [['series-tick', 'series-episode']],
  );
  checks.expect(failedJobRows.length === 0, 'no series job failed', JSON.stringify(failedJobRows));
  timeline.phase('checks');
  console.log(`\n== figures\n  series A: ${episodesA.length} episodes; series B: ${episodesB.map((episode) => episode.status).join(' ')}\n  total: ${seconds(timeline.total())}`);
  return checks;
}

async function cleanUp(run: Run): Promise<void> {
  await run.boss?.stop({ graceful: false, close: true }).catch(() => undefined);
  await Promise.all(run.processes.map((member) => member.stop().catch(() => undefined)));
  await run.s3?.close().catch(() => undefined);
  await run.database?.drop().catch((error: Error) => console.error(`could not drop ${run.database?.name}: ${error.message}`));
  rmSync(run.root, { recursive: true, force: true });
}

console.log('== series run: two weeks of two series in simulated time, 2 API processes + 2 workers on Postgres and S3');
await runHarness({
  name: 'series run',
  limitMs: RUN_LIMIT_MS,
  run: { root: mkdtempSync(join(tmpdir(), 'reelflow-series-')), database: null, s3: null, boss: null, processes: [] },
  main,
  cleanUp,
});
