// The editor's preview shows what the render makes: in Debian Chromium against the real server, a
// rendered version of a video (the built-in voice and art, the per-scene renderer) is compared
// with the editor's live preview at the same moment — the same scene's picture, and the caption
// block where the burned-in caption is (its box covering ≥ 80 % of the rendered caption's ink).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneAt, sceneStarts, timelineEtag, type TimelineResponse, type VideoVersion } from '../../contract/timeline';
import type { AiVideo } from '../../contract/videos';
import { apiCall, registerViaApi, signInInBrowser, useServerAndBrowser } from './harness';

const RENDER = { timeout: 200_000, interval: 1_000 };
const SCRIPT = 'Octopuses have three hearts.\n\nTwo of them stop whenever they swim.\n\nTheir blood is blue because it carries copper.';
/** Caption text in a colour no built-in art uses, so the burned-in caption can be found in a frame. */
const INK = '#FF00FF';
const WIDTH = 1080;
const HEIGHT = 1920;
/** The size pictures are compared at (grey levels). */
const THUMB = { width: 54, height: 96 };

const running = useServerAndBrowser({}, { viewport: { width: 1280, height: 900 } });
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'reelflow-preview-match-'));
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

const ffmpeg = (args: string[]) => execFileSync(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', ...args], { maxBuffer: 64 * 1024 * 1024 });

/** The rendered frame at `seconds` as RGB bytes, full size. */
function renderedFrame(file: string, seconds: number): Buffer {
  return ffmpeg(['-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box of the caption ink (the magenta text) in an RGB frame; null when there is none. */
function inkBox(rgb: Buffer): Box | null {
  let box: Box | null = null;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      if (rgb[at]! > 200 && rgb[at + 1]! < 90 && rgb[at + 2]! > 200) {
        box = box ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x + 1), bottom: Math.max(box.bottom, y + 1) } : { left: x, top: y, right: x + 1, bottom: y + 1 };
      }
    }
  }
  return box;
}

const area = (box: Box) => Math.max(0, box.right - box.left) * Math.max(0, box.bottom - box.top);
const intersection = (a: Box, b: Box): Box => ({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });

/** A picture file (PNG screenshot) or a frame of the video, as grey levels at the comparison size. */
function thumbnail(args: string[]): Buffer {
  return ffmpeg([...args, '-frames:v', '1', '-vf', `scale=${THUMB.width}:${THUMB.height},format=gray`, '-f', 'rawvideo', '-']);
}

/** Mean absolute grey difference of two thumbnails (0–255). */
function difference(x: Buffer, y: Buffer): number {
  let sum = 0;
  for (let index = 0; index < x.length; index++) sum += Math.abs(x[index]! - y[index]!);
  return sum / x.length;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + RENDER.timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, RENDER.interval));
  }
}

describe('the editor preview against the render', () => {
  it('shows the same scene and puts the caption where the render burns it', { timeout: 300_000 }, async () => {
    const { server, browser } = running;
    const account = await registerViaApi(server, 'Preview Match');
    const created = await apiCall<AiVideo>(server, account.token, 'POST', '/api/ai-videos', {
      script: SCRIPT,
      caption_settings: { preset: 'clean', text_color: INK, highlight_color: INK, position: 'bottom' },
    });
    expect(created.status).toBe(202);
    const videoId = created.body.id;
    await waitFor(() => apiCall<AiVideo>(server, account.token, 'GET', `/api/ai-videos/${videoId}`).then((response) => response.body.status), (status) => status === 'completed' || status === 'failed');

    // A version made by the per-scene renderer (a caption word corrected: nothing to pay).
    const opened = (await apiCall<TimelineResponse>(server, account.token, 'GET', `/api/ai-videos/${videoId}/timeline`)).body;
    const edited = structuredClone(opened.timeline);
    edited.scenes[0]!.captions[0]!.word = 'Octopi';
    const saved = await fetch(`${server.url}/api/ai-videos/${videoId}/timeline`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json', 'if-match': timelineEtag(opened.revision) },
      body: JSON.stringify({ timeline: edited }),
    });
    expect(saved.status).toBe(200);
    const savedBody = (await saved.json()) as TimelineResponse;
    expect((await apiCall<VideoVersion>(server, account.token, 'POST', `/api/ai-videos/${videoId}/versions`, { revision: savedBody.revision, credits: savedBody.price.credits })).status).toBe(202);
    const current = await waitFor(
      () => apiCall<TimelineResponse>(server, account.token, 'GET', `/api/ai-videos/${videoId}/timeline`).then((response) => response.body),
      (body) => body.versions.some((version) => version.version === 2 && (version.status === 'completed' || version.status === 'failed')),
    );
    const v2 = current.versions.find((version) => version.version === 2)!;
    expect(v2.status).toBe('completed');
    const file = join(workDir, 'v2.mp4');
    writeFileSync(file, Buffer.from(await (await fetch(`${server.url}${v2.video_src!}`)).arrayBuffer()));

    // A moment in the second scene, in the middle of one of its words.
    const timeline = current.timeline;
    const { starts } = sceneStarts(timeline);
    const word = timeline.scenes[1]!.captions[2]!;
    const moment = starts[1]! + (word.start + word.end) / 2;
    expect(sceneAt(timeline, moment).index).toBe(1);

    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    await signInInBrowser(page, account);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.url}/editor?video=${videoId}`);
    const frame = page.getByTestId('preview-frame');
    await frame.waitFor();
    await frame.evaluate((element, time) => element.setAttribute('data-time', String(time)), moment);
    await page.waitForFunction((id) => document.querySelector('[data-testid="preview-frame"]')?.getAttribute('data-scene') === id, timeline.scenes[1]!.id);
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    const block = page.getByTestId('caption-block');
    await block.waitFor();
    // The picture has loaded (an image with its size) before the frame is compared.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="preview-picture"] img')].every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0));

    // The caption block in the preview, in the rendered frame's pixels.
    const frameBox = (await frame.boundingBox())!;
    const blockBox = (await block.boundingBox())!;
    const scale = WIDTH / frameBox.width;
    const preview: Box = {
      left: (blockBox.x - frameBox.x) * scale,
      top: (blockBox.y - frameBox.y) * scale,
      right: (blockBox.x - frameBox.x + blockBox.width) * scale,
      bottom: (blockBox.y - frameBox.y + blockBox.height) * scale,
    };
    const rendered = renderedFrame(file, moment);
    const ink = inkBox(rendered);
    expect(ink).not.toBeNull();
    const covered = area(intersection(preview, ink!)) / area(ink!);
    expect(covered).toBeGreaterThanOrEqual(0.8);
    // And the preview's block is the caption's, not the whole frame: no more than twice the ink's height.
    expect(preview.bottom - preview.top).toBeLessThan(2 * (ink!.bottom - ink!.top) + 40);

    // The same scene: the preview's picture is nearer the rendered frame than another scene's frame is.
    await block.evaluate((element) => ((element as HTMLElement).style.visibility = 'hidden'));
    const shotFile = join(workDir, 'preview.png');
    writeFileSync(shotFile, await page.screenshot({ clip: frameBox }));
    const shot = thumbnail(['-i', shotFile]);
    const sameScene = difference(shot, thumbnail(['-ss', moment.toFixed(3), '-i', file]));
    const otherScene = difference(shot, thumbnail(['-ss', (starts[2]! + 0.5).toFixed(3), '-i', file]));
    expect(sameScene).toBeLessThan(otherScene);
    await page.close();
  });
});
