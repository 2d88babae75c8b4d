// `npx tsx scripts/sample-videos.ts [--out <dir>] [--seconds <n>]`: what Reelflow makes with no
// keys, as a creator gets it. Starts the built server (run `npm run build` first) on a temporary
// data directory, signs a creator up on the plan with every art style, asks for a video per topic
// and style through the public API (a prompt, "Auto" music, the default captions), waits for each,
// downloads it and draws one contact sheet per topic: a row per style, frames spread over the video.
// The sheets in docs/samples/ come from this script; the videos themselves are not kept.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ffmpegPath } from '../server/media/ffmpeg';
import { apiCall, registerViaApi, runAdmin, startServer } from '../tests/e2e/harness';

const require = createRequire(import.meta.url);
const LABEL_FONT = require.resolve('@expo-google-fonts/montserrat/600SemiBold/Montserrat_600SemiBold.ttf');

const TOPICS = [
  { slug: 'cats', prompt: 'Why cats purr' },
  { slug: 'eiffel-tower', prompt: 'The Eiffel Tower at night' },
  { slug: 'octopuses', prompt: 'Three surprising facts about octopuses' },
];
const STYLES = ['cinematic', 'anime', 'minimalist'];
/** Frames per row, spread evenly over the video. */
const FRAMES = 6;
const FRAME_WIDTH = 216;
/** The renderer's frame rate. */
const FPS = 30;

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/samples' }, seconds: { type: 'string', default: '20' } } });
const outDir = resolve(values.out);
const seconds = Number(values.seconds);

interface Video {
  id: string;
  status: string;
  error: string | null;
  music?: { title: string; mood: string | null } | null;
  ai_video: { video_src: string | null; duration: number | null };
}

function run(args: string[]): void {
  const result = spawnSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/** Text for ffmpeg's drawtext, escaped for its option parser. */
const drawText = (text: string) => text.replace(/[\\':]/g, (char) => `\\${char}`);

async function main(): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const work = mkdtempSync(join(tmpdir(), 'reelflow-samples-'));
  try {
    const account = await registerViaApi(server, 'Sample Creator');
    runAdmin(server, ['set-plan', account.email, 'pro']);
    const token = account.token;
    mkdirSync(outDir, { recursive: true });
    for (const topic of TOPICS) {
      const rows: string[] = [];
      for (const style of STYLES) {
        const created = await apiCall<{ id: string }>(server, token, 'POST', '/api/ai-videos', {
          title: `${topic.prompt} (${style})`,
          prompt: topic.prompt,
          duration: seconds,
          art_style: style,
          music: { track_id: 'auto' },
        });
        if (created.status !== 201 && created.status !== 202) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
        const video = await finished(server, token, created.body.id);
        const file = join(work, `${topic.slug}-${style}.mp4`);
        const download = await fetch(new URL(video.ai_video.video_src!, server.url));
        if (!download.ok) throw new Error(`download answered ${download.status}`);
        writeFileSync(file, Buffer.from(await download.arrayBuffer()));
        const row = join(work, `${topic.slug}-${style}.png`);
        const duration = video.ai_video.duration ?? seconds;
        // One frame from the middle of each slice of the video (by frame number: exact, never one short), side by side.
        const picks = Array.from({ length: FRAMES }, (_, index) => `eq(n,${Math.floor(((index + 0.5) * duration * FPS) / FRAMES)})`).join('+');
        run([
          '-i',
          file,
          '-vf',
          `select='${picks}',scale=${FRAME_WIDTH}:-2,tile=${FRAMES}x1:padding=4:color=white,` +
            `drawtext=fontfile='${drawText(LABEL_FONT)}':text='${drawText(style)}':x=10:y=10:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6`,
          '-frames:v',
          '1',
          row,
        ]);
        rows.push(row);
        console.log(`${topic.prompt} · ${style}: ${duration.toFixed(1)} s, music: ${video.music?.title ?? 'none'} (${video.music?.mood ?? '-'})`);
      }
      // JPEG: a tenth of the PNG's bytes in the repository, for no difference a reader would see.
      const sheet = join(outDir, `${topic.slug}.jpg`);
      run([...rows.flatMap((row) => ['-i', row]), '-filter_complex', `vstack=inputs=${rows.length}`, '-q:v', '3', sheet]);
      console.log(`→ ${sheet}`);
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function finished(server: Awaited<ReturnType<typeof startServer>>, token: string, id: string): Promise<Video> {
  for (;;) {
    const { body } = await apiCall<Video>(server, token, 'GET', `/api/ai-videos/${id}`);
    if (body.status === 'completed') return body;
    if (body.status === 'failed') throw new Error(`video ${id} failed: ${body.error ?? 'no reason given'}`);
    await new Promise((wait) => setTimeout(wait, 2000));
  }
}

await main();
