// `npm run chaos` (and a step of .ci/run): Reelflow on several processes, with crashes. On a
// database of its own on the local Postgres and an S3-compatible store (s3rver), two API processes
// and two job workers serve four creators through alternating processes: register, connect a
// sandbox YouTube channel, queue videos, a resumable upload begun on one API and continued on the
// other. One API is killed (SIGKILL) mid-upload and one worker mid-render; both start again. Then,
// within a bound, every video must be rendered once, every post be on its channel once, no job be
// lost or stuck, credits be charged once per video and the upload be whole. Then two videos are
// edited across the APIs and rendered again as v2, a worker killed mid-version: each version made
// once, current, v1 kept, charged once. Prints its figures;
// exits non-zero naming each failed check. Always stops its processes and drops its database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createS3Client } from '../../server/media/storage/s3';
import { startLocalS3, type LocalS3 } from '../../tests/server/fakes/s3rver';
import { connectSandboxYoutube, createVideo, postVideo, register, showVideo, type Creator } from './api-client';
import { checkCredits, checkJobs, checkPosts, checkVideos, Checks, jobStates, unfinishedJobs, uploadedBytes } from './checks';
import { sharedEnvironment } from './environment';
import { createDatabase, type ChaosDatabase } from './infra';
import { runHarness } from './harness';
import { freePort, ReelflowProcess } from './processes';
import { killWorkerMidRender } from './render-crash';
import { checkVersions, editAndRender, type RequestedVersion } from './versions';
import { seconds, Timeline, until } from './timing';
import { sha256, toneWav, uploadAcrossProcesses, type UploadOutcome } from './tus-upload';

const CREATORS = 4;
/** Videos each creator queues, in turn: the first two creators make a second one. */
const VIDEOS_PER_CREATOR = [2, 2, 1, 1];
const UPLOAD_BYTES = 6 * 1024 * 1024;
const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** The whole run, crashes and waits included; past it the run stops and fails. */
const RUN_LIMIT_MS = Number(process.env.CHAOS_TIMEOUT_SECONDS ?? 660) * 1000;
/** How long a worker may take to be seen rendering (ffmpeg running) once the videos are queued. */
const CATCH_RENDER_MS = 150_000;
/** Waits for the work to settle after the crashes. Claims go stale at 45 s and every process sweeps every 10 s. */
const RENDERS_SETTLE_MS = 240_000;
const POSTS_SETTLE_MS = 90_000;
/** Videos edited and rendered again as v2, each by another creator. */
const EDITED_VIDEOS = 2;

// Short scripts (a few seconds of video each) keep the run within minutes on 2 cores; the
// encode still lasts long enough to catch a worker in it.
const SCRIPTS = [
  'Octopuses have three hearts. Their blood is blue because it carries copper.',
  'Honey never spoils. Pots of it from Egyptian tombs are still good to eat.',
  'A day on Venus is longer than its year. The sun rises in the west there.',
  'Bananas are berries but strawberries are not. Botanists go by the flower.',
];

interface Run {
  root: string;
  database: ChaosDatabase | null;
  s3: LocalS3 | null;
  processes: ReelflowProcess[];
}

async function main(run: Run): Promise<Checks> {
  const timeline = new Timeline();
  const checks = new Checks();
  run.database = await createDatabase();
  run.s3 = await startLocalS3('reelflow-chaos');
  const s3Options = run.s3.options;
  const s3 = createS3Client(s3Options);
  timeline.phase(`database ${run.database.name} + s3rver`);

  const [portA, portB] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${portA}`;
  const env = sharedEnvironment({ databaseUrl: run.database.url, appUrl, s3: s3Options });
  const apiA = new ReelflowProcess('api-a', 'api', run.root, { ...env, ROLE: 'api', PORT: String(portA) }, appUrl);
  const apiB = new ReelflowProcess('api-b', 'api', run.root, { ...env, ROLE: 'api', PORT: String(portB) }, `http://127.0.0.1:${portB}`);
  const workers = [1, 2].map((n) => new ReelflowProcess(`worker-${n}`, 'worker', run.root, { ...env, ROLE: 'worker' }, null));
  run.processes.push(apiA, apiB, ...workers);
  // All at once: they share the migrations' lock, as a deployment starting together does.
  await Promise.all(run.processes.map((member) => member.start()));
  timeline.phase('4 processes started together');
  const apis = [apiA.url!, apiB.url!];
  const api = (n: number) => apis[n % 2]!;

  const creators: Creator[] = [];
  for (let i = 0; i < CREATORS; i += 1) creators.push(await register(api(i), `chaos-${i + 1}`));
  // Publishing and transcription come with a paid plan (what `npm run admin -- set-plan` does).
  await run.database.client.query(`UPDATE users SET plan = 'pro' WHERE id = ANY($1)`, [creators.map((creator) => creator.id)]);
  timeline.phase(`${CREATORS} creators registered (alternating APIs)`);

  for (const [i, creator] of creators.entries()) {
    await connectSandboxYoutube([api(i), api(i + 1), api(i)], creator, `Chaos channel ${i + 1}`);
  }
  timeline.phase('sandbox channels connected (flows cross APIs)');

  const videos = new Map<string, Creator>();
  const titles = new Map<string, string>();
  for (let round = 0; round < Math.max(...VIDEOS_PER_CREATOR); round += 1) {
    for (const [i, creator] of creators.entries()) {
      if (round >= VIDEOS_PER_CREATOR[i]!) continue;
      const title = `Chaos ${i + 1}.${round + 1} ${randomBytes(3).toString('hex')}`;
      const video = await createVideo(api(i + round), creator, { title, script: SCRIPTS[(i + round) % SCRIPTS.length]! });
      videos.set(video.id, creator);
      titles.set(video.id, title);
    }
  }
  timeline.phase(`${videos.size} videos queued (alternating APIs)`);

  // Videos processing when a process is killed: only these may be claimed twice (a takeover).
  const processingAtKills = new Map<string, number>();
  const noteProcessing = async () => {
    const { rows } = await run.database!.client.query<{ id: string; attempts: number }>(`SELECT id, attempts FROM ai_videos WHERE status = 'processing'`);
    for (const row of rows) processingAtKills.set(row.id, Math.max(processingAtKills.get(row.id) ?? 0, row.attempts));
    return rows;
  };

  // The two crashes, side by side: a worker caught running ffmpeg, and API A mid-upload.
  const renderCrashed = killWorkerMidRender({ workers, db: run.database.client, catchWithinMs: CATCH_RENDER_MS, takeoverWithinMs: RENDERS_SETTLE_MS, noteProcessing });

  const upload = creators[0]!;
  const file = toneWav(UPLOAD_BYTES);
  const uploadStarted = Date.now();
  const uploaded: UploadOutcome = await uploadAcrossProcesses({ file, chunkBytes: UPLOAD_CHUNK_BYTES, token: upload.token, a: apiA, b: apiB, beforeKill: async () => void (await noteProcessing()) });
  const uploadMs = Date.now() - uploadStarted;
  timeline.phase('tus upload across APIs, API A killed mid-PATCH');
  console.log(`    upload ${uploaded.problems.length === 0 ? 'finished on the other process' : `problems: ${uploaded.problems.join(' | ')}`}`);

  const renderCrash = await renderCrashed;
  timeline.phase(`worker caught rendering, killed, restarted`);
  console.log(`    ${renderCrash.victim ?? 'no worker'} killed; render taken over ${seconds(renderCrash.takeoverMs)} after the kill${renderCrash.error ? ` (${renderCrash.error})` : ''}`);

  await until('every video completed or failed', RENDERS_SETTLE_MS, async () => {
    const { rows } = await run.database!.client.query<{ open: string }>(`SELECT count(*) AS open FROM ai_videos WHERE status NOT IN ('completed', 'failed')`);
    return Number(rows[0]!.open) === 0;
  }).catch((error: Error) => checks.expect(false, 'videos settle in time', error.message));
  timeline.phase('renders settled');

  const posted = new Map<string, { creator: Creator; title: string }>();
  let postIndex = 0;
  for (const [videoId, creator] of videos) {
    const shown = await showVideo(api(postIndex), creator, videoId);
    if (shown.status !== 'completed') continue;
    const title = titles.get(videoId)!;
    const post = await postVideo(api(postIndex + 1), creator, videoId, title);
    posted.set(post.id, { creator, title });
    postIndex += 1;
  }
  await until('every post published or failed', POSTS_SETTLE_MS, async () => {
    const { rows } = await run.database!.client.query<{ open: string }>(`SELECT count(*) AS open FROM post_targets WHERE status NOT IN ('published', 'failed')`);
    return Number(rows[0]!.open) === 0;
  }).catch((error: Error) => checks.expect(false, 'posts settle in time', error.message));
  timeline.phase(`${posted.size} posts created (alternating APIs) and settled`);

  // pg-boss marks a job done just after its work: give the queues a few seconds to drain.
  await until('queues drained', 30_000, async () => unfinishedJobs(await jobStates(run.database!.client)) === 0).catch(() => undefined);

  const db = run.database.client;
  const videoRows = await checkVideos(checks, db, s3, s3Options.bucket, videos);
  const claimedTwice = videoRows.filter((row) => row.attempts > (processingAtKills.get(row.id) ?? 0) + 1);
  checks.expect(
    claimedTwice.length === 0,
    'every render claimed once, a killed one once more',
    claimedTwice.map((row) => `${row.id} claimed ${row.attempts} times${processingAtKills.has(row.id) ? `, ${processingAtKills.get(row.id)} before the kill` : ', not processing at a kill'}`).join('; '),
  );
  await checkCredits(checks, db, videoRows);
  checks.expect(posted.size === videos.size, 'every video posted', `${posted.size} of ${videos.size}`);
  await checkPosts(checks, db, apiB.url!, posted);
  const states = await checkJobs(checks, db);
  checks.expect(renderCrash.takeoverMs !== null, 'a worker was killed mid-render and its render taken over by another run', renderCrash.error ?? '');

  for (const problem of uploaded.problems) checks.expect(false, 'resumable upload', problem);
  if (uploaded.uploadId && uploaded.problems.length === 0) {
    const stored = await uploadedBytes(s3, s3Options.bucket, uploaded.uploadId, file.length, run.processes.map((member) => join(run.root, member.name, 'data')));
    checks.expect(stored !== null && sha256(stored.bytes) === sha256(file), 'the upload resumed across processes, its bytes match', stored ? `sha256 differs (${stored.where})` : 'its bytes were found neither in the bucket nor in a data dir');
    if (stored) console.log(`  upload stored at: ${stored.where}`);
  }
  timeline.phase('checks');

  // The editor on the same processes: two creators' videos edited across the APIs, a worker killed
  // while it encodes a version.
  const requested: RequestedVersion[] = [];
  for (const [i, [videoId, creator]] of [...videos.entries()].slice(0, EDITED_VIDEOS).entries()) requested.push(await editAndRender(api(i), api(i + 1), creator, videoId));
  timeline.phase(`${requested.length} edits saved and rendered across APIs (a render request replayed on the other process)`);
  const versionsAtKill = new Map<string, number>();
  const noteVersions = async () => {
    const { rows } = await db.query<{ id: string; attempts: number }>(`SELECT id, attempts FROM ai_video_versions WHERE status = 'processing'`);
    for (const row of rows) versionsAtKill.set(row.id, Math.max(versionsAtKill.get(row.id) ?? 0, row.attempts));
    return rows;
  };
  const versionCrash = await killWorkerMidRender({ workers, db, catchWithinMs: CATCH_RENDER_MS, takeoverWithinMs: RENDERS_SETTLE_MS, noteProcessing: noteVersions, table: 'ai_video_versions' });
  timeline.phase('worker caught encoding a version, killed, restarted');
  await until('every version completed or failed', RENDERS_SETTLE_MS, async () => {
    const { rows } = await db.query<{ open: string }>(`SELECT count(*) AS open FROM ai_video_versions WHERE status NOT IN ('completed', 'failed')`);
    return Number(rows[0]!.open) === 0;
  }).catch((error: Error) => checks.expect(false, 'versions settle in time', error.message));
  await until('queues drained', 30_000, async () => unfinishedJobs(await jobStates(db)) === 0).catch(() => undefined);
  const versionRows = await checkVersions(checks, db, s3, s3Options.bucket, requested, versionsAtKill);
  checks.expect(versionCrash.takeoverMs !== null, 'a worker was killed mid-version and its render taken over by another run', versionCrash.error ?? '');
  await checkJobs(checks, db);
  timeline.phase('versions settled and checked');

  console.log('\n== figures');
  for (const member of run.processes) console.log(`  ${member.name.padEnd(9)} ready after ${member.starts.map((start) => seconds(start.readyMs)).join(', then after a kill ')}`);
  console.log(`  render crash: ${renderCrash.victim ?? 'no worker'} killed running ffmpeg (${renderCrash.processing} videos processing), ready again after ${seconds(renderCrash.restartMs)}`);
  console.log(`  render takeover after the kill: ${seconds(renderCrash.takeoverMs)}${renderCrash.takenOverVideoId ? ` (video ${renderCrash.takenOverVideoId})` : ''}`);
  console.log(`  upload: ${(file.length / 1024 / 1024).toFixed(1)} MiB in ${UPLOAD_CHUNK_BYTES / 1024} KiB chunks, ${uploaded.requests} requests, ${seconds(uploadMs)}; resumed on the survivor at offset ${uploaded.resumedAt ?? 'n/a'}, first byte accepted ${seconds(uploaded.takeoverMs)} after the kill`);
  const attempts = videoRows.map((row) => row.attempts);
  console.log(`  videos: ${videoRows.length}, completed ${videoRows.filter((row) => row.status === 'completed').length}, claims per video ${Math.min(...attempts)}–${Math.max(...attempts)}`);
  console.log(`  posts: ${posted.size}; jobs by state: ${JSON.stringify(states)}`);
  console.log(`  version crash: ${versionCrash.victim ?? 'no worker'} killed running ffmpeg (versions processing: ${versionCrash.processing}); taken over ${seconds(versionCrash.takeoverMs)} after the kill`);
  console.log(`  versions: ${versionRows.filter((row) => row.version > 1).map((row) => `v${row.version} ${row.status}, ${row.attempts} claims, ${row.credits_charged} credits`).join('; ')}`);
  console.log(`  total: ${seconds(timeline.total())}`);
  return checks;
}

async function cleanUp(run: Run): Promise<void> {
  await Promise.all(run.processes.map((member) => member.stop().catch(() => undefined)));
  await run.s3?.close().catch(() => undefined);
  await run.database?.drop().catch((error: Error) => console.error(`could not drop ${run.database?.name}: ${error.message}`));
  rmSync(run.root, { recursive: true, force: true });
}

console.log('== chaos test: 2 API processes + 2 workers on Postgres and S3, kill -9 mid-upload and mid-render');
await runHarness({ name: 'chaos test', limitMs: RUN_LIMIT_MS, run: { root: mkdtempSync(join(tmpdir(), 'reelflow-chaos-')), database: null, s3: null, processes: [] }, main, cleanUp });
