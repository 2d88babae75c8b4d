// `npm run bench`: the on-device media worker (workers/media.worker.ts, ffmpeg.wasm) in
// Debian Chromium against native ffmpeg on the same machine:
//   1. compress-to-fit of a 10 s 720p clip: wasm time ÷ native time with the very same arguments
//      (media-plan.ts `compressionArgs` with the plan the worker chose), single-thread core vs
//      native ffmpeg held to one thread, multi-thread core vs native with the same `-threads N`;
//   2. speech-audio extraction from a 10-minute video (wall time, and ÷ native);
//   3. peak memory of the browser while compress-to-fit reads a ~1 GB file (mounted with WORKERFS
//      from a disk-backed File chosen in a file input), cancelled after a bounded time.
// The built worker (dist/client) is served by a small static server here, twice: plainly (the
// single-thread core, as the app runs today) and with COOP/COEP (cross-origin isolated: the
// multi-thread core). The bench page talks to the worker through Comlink as the app's client does.
// Test media are made with native ffmpeg in a temporary folder and deleted. Figures only; the
// bench fails only when a part cannot run (e.g. the isolated page does not get the mt core).
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { ffmpegPath } from '../../server/media/ffmpeg';
import { compressionArgs, speechAudioArgs, withThreadCount, type CompressionPlan } from '../../workers/media-plan';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT_DIR = join(ROOT, 'dist/client');
const COMLINK = join(ROOT, 'node_modules/comlink/dist/esm/comlink.mjs');
const CLIP_SECONDS = 10;
const AUDIO_MINUTES = 10;
const BIG_BYTES = 1024 ** 3;
/** The app's default upload limit (src/media/upload-limit.ts): what a 1 GB phone video is shrunk to. */
const BIG_LIMIT = 100 * 1024 * 1024;
const MEMORY_BOUND_MS = Number(process.env.BENCH_MEDIA_MEMORY_SECONDS ?? 60) * 1000;
const run = promisify(execFile);

// ---- the page side (functions passed to page.evaluate run in the browser) ----

interface StageTimes {
  [stage: string]: { first: number; last: number; ratio: number };
}
interface CallOutcome {
  ok: boolean;
  error?: string;
  ms: number;
  /** From the first progress of the encoding stage to the answer (excludes loading and probing). */
  stageMs: number | null;
  stages: StageTimes;
  result?: { afterBytes: number; width: number; height: number; videoKbps: number; audioKbps: number; size?: number };
}
interface Remote {
  engine(): Promise<{ threads: 'multi' | 'single' }>;
  probe(file: Blob): Promise<{ durationSeconds: number }>;
  compressToFit(file: Blob, maxBytes: number, onProgress: unknown): Promise<{ file: Blob; afterBytes: number; width: number; height: number; videoKbps: number; audioKbps: number }>;
  extractSpeechAudio(file: Blob, onProgress: unknown): Promise<Blob>;
  cancel(): Promise<void>;
}
interface BenchWindow {
  media: Remote;
  Comlink: { proxy<T>(value: T): T };
  pending?: Promise<CallOutcome>;
  stages?: StageTimes;
}

/** Starts an operation on the file in the page's input; the outcome lands in window.pending. */
function startInPage([operation, maxBytes, stageName]: [string, number, string]): void {
  const w = window as unknown as BenchWindow;
  const file = (document.getElementById('file') as HTMLInputElement).files![0]!;
  const stages: StageTimes = {};
  w.stages = stages;
  const onProgress = w.Comlink.proxy(({ ratio, stage }: { ratio: number; stage: string }) => {
    const now = performance.now();
    const entry = (stages[stage] ??= { first: now, last: now, ratio });
    entry.last = now;
    entry.ratio = ratio;
  });
  const started = performance.now();
  const call = operation === 'compress' ? w.media.compressToFit(file, maxBytes, onProgress) : w.media.extractSpeechAudio(file, onProgress);
  w.pending = (call as Promise<unknown>).then(
    (value) => {
      const ended = performance.now();
      const begun = stages[stageName]?.first;
      const result = value instanceof Blob ? { afterBytes: value.size, width: 0, height: 0, videoKbps: 0, audioKbps: 0 } : (value as CallOutcome['result'])!;
      return { ok: true, ms: ended - started, stageMs: begun === undefined ? null : ended - begun, stages, result: { ...result, file: undefined } as CallOutcome['result'] };
    },
    (error: unknown) => ({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), ms: performance.now() - started, stageMs: null, stages }),
  );
}

// ---- the node side ----

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css' };

function benchPage(workerPath: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>media worker bench</title></head><body>
<label>Video <input type="file" id="file"></label>
<script type="module">
import * as Comlink from '/__bench/comlink.mjs';
window.Comlink = Comlink;
window.media = Comlink.wrap(new Worker('${workerPath}', { type: 'module', name: 'media' }));
</script></body></html>`;
}

/** dist/client, a bench page and Comlink; `isolated` adds COOP/COEP so the page is cross-origin isolated. */
async function serve(isolated: boolean, page: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (isolated) {
      response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    }
    if (path === '/__bench.html') return void response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const file = path === '/__bench/comlink.mjs' ? COMLINK : join(CLIENT_DIR, path);
    if (!file.startsWith(CLIENT_DIR) && file !== COMLINK) return void response.writeHead(403).end();
    if (!existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

async function ffmpeg(args: string[]): Promise<number> {
  const started = performance.now();
  await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
  return (performance.now() - started) / 1000;
}

/** Chromium's processes (the browser started with `profile` and all its descendants), from /proc. */
function chromiumProcesses(profile: string): Array<{ pid: number; renderer: boolean }> {
  const all = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const parent = new Map<number, number>();
  const cmdline = new Map<number, string>();
  for (const name of all) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      cmdline.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8'));
    } catch {
      // exited meanwhile
    }
  }
  const root = [...cmdline].find(([, line]) => line.includes(`--user-data-dir=${profile}`) && !line.includes('--type='))?.[0];
  if (root === undefined) throw new Error('The Chromium browser process was not found in /proc');
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) if (tree.has(ppid) && !tree.has(pid)) grew = tree.add(pid) !== null;
  }
  return [...tree].map((pid) => ({ pid, renderer: (cmdline.get(pid) ?? '').includes('--type=renderer') }));
}

function kbField(text: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
}

/** Resident memory now: renderers' RSS (the page, its workers and ffmpeg's wasm) and every Chromium process's PSS, in MB. */
function memoryNow(profile: string): { rendererRssMb: number; allPssMb: number } {
  let rendererKb = 0;
  let pssKb = 0;
  for (const { pid, renderer } of chromiumProcesses(profile)) {
    try {
      if (renderer) rendererKb += kbField(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
      pssKb += kbField(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // exited meanwhile
    }
  }
  return { rendererRssMb: rendererKb / 1024, allPssMb: pssKb / 1024 };
}

async function openBenchPage(context: BrowserContext, origin: string, video: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/__bench.html`);
  await page.waitForFunction(() => 'media' in window);
  await page.locator('#file').setInputFiles(video);
  return page;
}

async function awaitOutcome(page: Page): Promise<CallOutcome> {
  return page.evaluate(() => (window as unknown as BenchWindow).pending!);
}

async function main() {
  const workerFile = readdirSync(join(CLIENT_DIR, 'assets')).find((name) => /^media\.worker-.+\.js$/.test(name));
  if (!workerFile) throw new Error('dist/client/assets has no media.worker-*.js: run `npm run build` first.');
  const workDir = mkdtempSync(join(tmpdir(), 'reelflow-media-bench-'));
  const profile = mkdtempSync(join(tmpdir(), 'reelflow-media-bench-chromium-'));
  const html = benchPage(`/assets/${workerFile}`);
  const plain = await serve(false, html);
  const isolated = await serve(true, html);
  let context: BrowserContext | null = null;
  try {
    // ---- test media (native ffmpeg) ----
    const clip = join(workDir, 'clip.mp4');
    const talk = join(workDir, 'talk.mp4');
    const segment = join(workDir, 'segment.mp4');
    const big = join(workDir, 'big.mp4');
    let started = performance.now();
    await ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${CLIP_SECONDS}`, '-f', 'lavfi', '-i', `sine=f=440:d=${CLIP_SECONDS}:sample_rate=48000`, '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', clip]);
    await ffmpeg(['-f', 'lavfi', '-i', `testsrc=s=160x90:r=5:d=${AUDIO_MINUTES * 60}`, '-f', 'lavfi', '-i', `sine=f=300:d=${AUDIO_MINUTES * 60}:sample_rate=48000`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', talk]);
    // ~1 GB cheaply: 10 s of lossless 720p (tens of MB), then copied end to end (-stream_loop, no encode).
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=10', '-f', 'lavfi', '-i', 'sine=f=440:d=10:sample_rate=48000', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', segment]);
    const loops = Math.ceil(BIG_BYTES / statSync(segment).size);
    await ffmpeg(['-stream_loop', String(loops - 1), '-i', segment, '-c', 'copy', big]);
    const bigBytes = statSync(big).size;
    console.log(`test media made natively in ${((performance.now() - started) / 1000).toFixed(1)} s: ${CLIP_SECONDS} s 1280x720 clip ${(statSync(clip).size / 1e6).toFixed(1)} MB; ${AUDIO_MINUTES} min 160x90 video with AAC ${(statSync(talk).size / 1e6).toFixed(1)} MB; ${(bigBytes / 1024 ** 3).toFixed(2)} GiB video (${loops * 10} s of 720p)`);

    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
    const single = await openBenchPage(context, plain.url, clip);
    const multi = await openBenchPage(context, isolated.url, clip);
    const engines = {
      single: { isolated: await single.evaluate(() => crossOriginIsolated), engine: (await single.evaluate(() => (window as unknown as BenchWindow).media.engine())).threads },
      multi: { isolated: await multi.evaluate(() => crossOriginIsolated), engine: (await multi.evaluate(() => (window as unknown as BenchWindow).media.engine())).threads },
    };
    const cores = await multi.evaluate(() => navigator.hardwareConcurrency);
    const threads = Math.max(1, Math.min(4, cores)); // as the worker's threads()
    console.log(`plain page: crossOriginIsolated=${engines.single.isolated}, worker engine ${engines.single.engine}; COOP/COEP page: crossOriginIsolated=${engines.multi.isolated}, worker engine ${engines.multi.engine} (-threads ${threads})`);
    if (engines.single.engine !== 'single' || !engines.multi.isolated || engines.multi.engine !== 'multi') throw new Error('The pages did not get the single- and multi-thread cores as expected');
    const { stdout: version } = await run(ffmpegPath(), ['-hide_banner', '-version']);
    console.log(`native: ${version.split('\n')[0]}`);

    // ---- 1. compress-to-fit: wasm ÷ native, same arguments ----
    // A limit at ~40 % of the clip keeps 720p (≥ 1800 kbit/s), so the encode is a real 720p encode.
    const limit = Math.floor(statSync(clip).size * 0.4);
    console.log(`\n1. compress-to-fit of the ${CLIP_SECONDS} s 720p clip to ≤ ${(limit / 1e6).toFixed(2)} MB (core loaded and warm; encode = encoding stage start to answer)`);
    for (const [name, page] of [['single-thread', single], ['multi-thread', multi]] as const) {
      await page.evaluate(() => (window as unknown as BenchWindow).media.probe((document.getElementById('file') as HTMLInputElement).files![0]!)); // loads the core
      await page.evaluate(startInPage, ['compress', limit, 'Compressing the video'] as [string, number, string]);
      const outcome = await awaitOutcome(page);
      if (!outcome.ok || !outcome.result || outcome.stageMs === null) throw new Error(`wasm ${name} compression failed: ${outcome.error}`);
      const attempts = Object.keys(outcome.stages).filter((stage) => stage.startsWith('Compressing')).length;
      const plan: CompressionPlan = { videoKbps: outcome.result.videoKbps, audioKbps: outcome.result.audioKbps, width: outcome.result.width, height: outcome.result.height };
      const args = compressionArgs(clip, plan, join(workDir, `native-${name}.mp4`));
      // Native single-thread: one thread for decoding, filtering and encoding; multi: the worker's own -threads N.
      const nativeSeconds = name === 'single-thread' ? await ffmpeg(['-threads', '1', '-filter_threads', '1', ...withThreadCount(args, 1)]) : await ffmpeg(withThreadCount(args, threads));
      const wasmSeconds = outcome.stageMs / 1000;
      console.log(
        `  ${name}: wasm encode ${wasmSeconds.toFixed(1)} s (whole call ${(outcome.ms / 1000).toFixed(1)} s, ${attempts} attempt${attempts === 1 ? '' : 's'}, ${plan.width}x${plan.height} ${plan.videoKbps}k+${plan.audioKbps}k → ${(outcome.result.afterBytes / 1e6).toFixed(2)} MB); ` +
          `native ${nativeSeconds.toFixed(1)} s → ${(statSync(join(workDir, `native-${name}.mp4`)).size / 1e6).toFixed(2)} MB; ratio wasm/native ${(wasmSeconds / nativeSeconds).toFixed(1)}x`,
      );
    }

    // ---- 2. speech audio from a 10-minute video ----
    console.log(`\n2. speech audio (16 kHz mono Opus 24k) from the ${AUDIO_MINUTES} min video (core loaded and warm)`);
    for (const [name, page] of [['single-thread', single], ['multi-thread', multi]] as const) {
      await page.locator('#file').setInputFiles(talk);
      await page.evaluate(startInPage, ['extract', 0, 'Extracting the speech'] as [string, number, string]);
      const outcome = await awaitOutcome(page);
      if (!outcome.ok || !outcome.result || outcome.stageMs === null) throw new Error(`wasm ${name} audio extraction failed: ${outcome.error}`);
      const args = speechAudioArgs(talk, 'opus', join(workDir, `native-${name}.ogg`));
      const nativeSeconds = name === 'single-thread' ? await ffmpeg(['-threads', '1', ...withThreadCount(args, 1)]) : await ffmpeg(withThreadCount(args, threads));
      const wasmSeconds = outcome.stageMs / 1000;
      console.log(
        `  ${name}: wasm ${wasmSeconds.toFixed(1)} s (whole call ${(outcome.ms / 1000).toFixed(1)} s) → ${(outcome.result.afterBytes / 1e3).toFixed(0)} KB, ${((AUDIO_MINUTES * 60) / wasmSeconds).toFixed(0)}x real time; ` +
          `native ${nativeSeconds.toFixed(1)} s → ${(statSync(join(workDir, `native-${name}.ogg`)).size / 1e3).toFixed(0)} KB; ratio wasm/native ${(wasmSeconds / nativeSeconds).toFixed(1)}x`,
      );
    }
    await single.close();
    await multi.close();

    // ---- 3. peak memory while compressing the ~1 GB file ----
    console.log(
      `\n3. memory while compress-to-fit reads the ${(bigBytes / 1024 ** 3).toFixed(2)} GiB file (limit ${BIG_LIMIT / 1024 ** 2} MiB; one bench page open, a fresh one per core; ` +
        `sampled every 250 ms from /proc: renderer RSS = the page's renderer process(es), which host the page, its workers and ffmpeg's wasm memory; all PSS = every Chromium process, shared pages split)`,
    );
    for (const [name, origin] of [['single-thread', plain.url], ['multi-thread', isolated.url]] as const) {
      const page = await openBenchPage(context, origin, big);
      const handed = await page.evaluate(() => (document.getElementById('file') as HTMLInputElement).files![0]!.size);
      if (handed !== bigBytes) throw new Error(`The page got a File of ${handed} bytes, not ${bigBytes}`);
      const before = memoryNow(profile);
      const peak = { ...before };
      await page.evaluate(startInPage, ['compress', BIG_LIMIT, 'Compressing the video'] as [string, number, string]);
      started = performance.now();
      let done = false;
      void awaitOutcome(page).then(() => (done = true));
      while (!done && performance.now() - started < MEMORY_BOUND_MS) {
        const now = memoryNow(profile);
        peak.rendererRssMb = Math.max(peak.rendererRssMb, now.rendererRssMb);
        peak.allPssMb = Math.max(peak.allPssMb, now.allPssMb);
        await new Promise((wait) => setTimeout(wait, 250));
      }
      const stages = await page.evaluate(() => (window as unknown as BenchWindow).stages!);
      const encoding = Object.entries(stages).find(([stage]) => stage.startsWith('Compressing'));
      const cancelled = !done;
      if (cancelled) await page.evaluate(() => (window as unknown as BenchWindow).media.cancel());
      const outcome = await awaitOutcome(page);
      if (!cancelled && !outcome.ok) throw new Error(`wasm ${name} compression of the big file failed: ${outcome.error}`);
      if (cancelled && outcome.ok === false && !/AbortError/.test(outcome.error ?? '')) throw new Error(`cancel gave: ${outcome.error}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(
        `  ${name}: before ${before.rendererRssMb.toFixed(0)} MB renderer RSS / ${before.allPssMb.toFixed(0)} MB all PSS; ` +
          `peak ${peak.rendererRssMb.toFixed(0)} MB renderer RSS / ${peak.allPssMb.toFixed(0)} MB all PSS; growth +${(peak.rendererRssMb - before.rendererRssMb).toFixed(0)} MB RSS = ${(((peak.rendererRssMb - before.rendererRssMb) * 1024 ** 2 * 100) / bigBytes).toFixed(0)} % of the file; ` +
          (cancelled ? `cancelled after ${seconds} s at ${encoding ? `${(encoding[1].ratio * 100).toFixed(1)} % encoded` : 'no encoding progress yet'}` : `finished in ${seconds} s → ${(outcome.result!.afterBytes / 1e6).toFixed(1)} MB`),
      );
      await page.close();
    }
  } finally {
    await context?.close();
    plain.server.close();
    isolated.server.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
