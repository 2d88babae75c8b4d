// Versions of an edited video, rendered for real (built-in voice and art, the per-scene renderer,
// ffprobe): the first version re-encodes every scene as a segment; a version that changes one
// scene's line and another's picture makes and encodes those two scenes alone, the stock
// picture's credit reaches the description, its length is the sum of its scenes, the captions sit
// on the new words, the earlier versions still play, and only what was made again is paid for.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneFrameCounts, sceneStarts, timelineDuration, timelineEtag, type TimelineResponse, type VideoVersion } from '../../contract/timeline';
import type { AiVideo } from '../../contract/videos';
import type { Database } from '../../server/db/client';
import { aiVideos } from '../../server/db/schema-videos';
import type { VisualProvider } from '../../server/domain/ports/visuals';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import { ffmpegPath, ffprobePath, probe } from '../../server/media/ffmpeg';
import * as segmentRenderer from '../../server/media/segments';
import { countingBuiltinVisuals, offlineSpeechProviders, recordingSpeech } from './builtin-engines';
import { ApiClient, as, buildTestServices, createTestDatabase, startTestApp, uniqueEmail, type TestDatabase } from './helpers';

const SCRIPT = 'Octopuses have three hearts.\n\nTwo of them stop when they swim.\n\nTheir blood is blue because it carries copper.';
const NEW_LINE = 'Their hearts rest while they swim.';
/** A highlight colour no built-in art uses, so a lit word can be found in a frame. */
const MAGENTA = '#FF00FF';
const STOCK_SEARCH = 'octopus swimming reef';
const STOCK_CREDIT = 'Photo by Ana Costa on Pexels';

/** Pixels of the lit word's colour in the frame at `seconds` (a small RGB copy of it). */
function litPixels(file: string, seconds: number): number {
  const width = 270;
  const result = spawnSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-vf', `scale=${width}:-2`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 32 * 1024 * 1024 });
  const data = result.stdout;
  let count = 0;
  for (let index = 0; index + 2 < data.length; index += 3) if (data[index]! > 200 && data[index + 1]! < 80 && data[index + 2]! > 200) count++;
  return count;
}

function frameCount(file: string): number {
  const result = spawnSync(ffprobePath(), ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return Number(result.stdout.toString().trim());
}

describe('rendering versions of an edited video', () => {
  let testDb: TestDatabase;
  let database: Database;
  const speech = offlineSpeechProviders();
  const voice = recordingSpeech(speech.builtin);
  const read = voice.texts;
  const visuals = countingBuiltinVisuals();
  // A stock library's answer, as the configured service gives it: the built-in art, with a credit line.
  const withStock: VisualProvider = {
    id: visuals.id,
    label: visuals.label,
    sceneVisual: async (request, signal) => {
      const made = await visuals.sceneVisual(request, signal);
      return request.prompt === STOCK_SEARCH ? { ...made, attribution: STOCK_CREDIT } : made;
    },
  };
  const encoded: string[] = [];
  let mixes = 0;
  const segments: RenderServices['segments'] = {
    ...segmentRenderer,
    encodeSegment: (input, onProgress, signal) => {
      encoded.push(input.output);
      return segmentRenderer.encodeSegment(input, onProgress, signal);
    },
    mixSoundtrack: (input, onProgress, signal) => {
      mixes++;
      return segmentRenderer.mixSoundtrack(input, onProgress, signal);
    },
  };
  const work = mkdtempSync(join(tmpdir(), 'reelflow-editor-render-'));

  beforeAll(async () => {
    testDb = await createTestDatabase({ RATE_LIMIT_VIDEOS: '1000 per minute' });
    database = await testDb.open();
  });
  afterAll(async () => {
    await database.close();
    await speech.close?.();
    await testDb.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('re-voices and re-encodes only the scene whose line changed, and every version stays playable', { timeout: 420_000 }, async () => {
    const services = await buildTestServices(testDb.config, database, { speech, renderOverrides: { speech: { builtin: voice }, visuals: withStock, segments } });
    const app = await startTestApp(services);
    const client = new ApiClient(app);
    const { token } = await client.register(uniqueEmail('editor-render'));
    const created = (await client.request('POST', '/api/ai-videos', { script: SCRIPT, caption_settings: { preset: 'bold-pop', highlight_color: MAGENTA } }, as(token))).json<AiVideo>();
    await services.jobRunner.drain();
    const first = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(first.status).toBe('completed');
    const [original] = await database.db.select().from(aiVideos).where(eq(aiVideos.id, created.id));
    const v1Key = original!.videoKey!;
    const readsBefore = read.length;
    const drawnBefore = visuals.drawn;

    const open = async () => {
      const response = await client.request('GET', `/api/ai-videos/${created.id}/timeline`, undefined, as(token));
      expect(response.statusCode).toBe(200);
      return response.json<TimelineResponse>();
    };
    const save = async (from: TimelineResponse, timeline: TimelineResponse['timeline']) => {
      const response = await client.request('PUT', `/api/ai-videos/${created.id}/timeline`, { timeline }, { token, headers: { 'if-match': timelineEtag(from.revision) } });
      expect(response.statusCode).toBe(200);
      return response.json<TimelineResponse>();
    };
    const render = async (saved: TimelineResponse) => {
      const response = await client.request('POST', `/api/ai-videos/${created.id}/versions`, { revision: saved.revision, credits: saved.price.credits }, as(token, `render-${saved.revision}`));
      expect(response.statusCode).toBe(202);
      await services.jobRunner.drain();
      return response.json<VideoVersion>();
    };

    // v2: one caption word fixed. Nothing is made again (free); every scene becomes a segment.
    const opened = await open();
    expect(opened.timeline.scenes.length).toBe(3);
    const fixed = structuredClone(opened.timeline);
    fixed.scenes[0]!.captions[0]!.word = 'Octopi';
    const v2Saved = await save(opened, fixed);
    expect(v2Saved.price).toMatchObject({ credits: 0, revoice: [], visuals: [], changed: true });
    const v2 = await render(v2Saved);
    expect(v2.version).toBe(2);
    expect(read.length).toBe(readsBefore);
    expect(visuals.drawn).toBe(drawnBefore);
    expect(encoded).toHaveLength(3);
    expect(mixes).toBe(1);

    // v3: the second scene's line rewritten and the third's picture swapped for stock. Those two
    // scenes alone are made and encoded again.
    const afterV2 = await open();
    const rewritten = structuredClone(afterV2.timeline);
    rewritten.scenes[1]!.text = NEW_LINE;
    const third = rewritten.scenes[2]!;
    third.visual = { ...third.visual, source: 'stock', asset: null, kind: 'image', prompt: STOCK_SEARCH, attribution: null };
    const v3Saved = await save(afterV2, rewritten);
    expect(v3Saved.price.revoice.map((scene) => scene.scene_id)).toEqual([rewritten.scenes[1]!.id]);
    expect(v3Saved.price.visuals).toEqual([third.id]);
    expect(v3Saved.price.credits).toBeGreaterThan(0);
    const balanceBefore = (await client.request('GET', '/api/user', undefined, as(token))).json<{ credits: number }>().credits;
    const v3 = await render(v3Saved);
    expect(v3.version).toBe(3);
    expect(read.slice(readsBefore)).toEqual([NEW_LINE]);
    expect(visuals.drawn).toBe(drawnBefore + 1);
    expect(encoded).toHaveLength(5);
    expect(mixes).toBe(2);
    const balanceAfter = (await client.request('GET', '/api/user', undefined, as(token))).json<{ credits: number }>().credits;
    expect(balanceBefore - balanceAfter).toBe(v3Saved.price.credits);

    // The new reading was written into the saved timeline: nothing is left to record.
    const afterV3 = await open();
    expect(afterV3.price).toMatchObject({ credits: 0, changed: false });
    const scene = afterV3.timeline.scenes[1]!;
    expect(scene.recording?.text).toBe(NEW_LINE);
    const versions = afterV3.versions.map((entry) => [entry.version, entry.status]);
    expect(versions).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
    ]);

    const [row] = await database.db.select().from(aiVideos).where(eq(aiVideos.id, created.id));
    expect(row!.currentVersion).toBe(3);
    // The stock picture's credit is in the video's description (what a post carries), adopted into the timeline too.
    expect(afterV3.timeline.scenes[2]!.visual).toMatchObject({ source: 'stock', attribution: STOCK_CREDIT });
    const described = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(described.description).toBe(`Visuals:\n${STOCK_CREDIT}`);
    const v3File = await services.render.storage.download(row!.videoKey!, join(work, 'v3.mp4'));
    const facts = await probe(v3File);
    expect(facts).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', audioCodec: 'aac' });
    expect(facts.fps).toBeCloseTo(30, 1);
    // The video is its scenes end to end, plus the tail: exactly their frames.
    expect(frameCount(v3File)).toBe(sceneFrameCounts(afterV3.timeline).reduce((sum, frames) => sum + frames, 0));
    expect(facts.duration).toBeCloseTo(timelineDuration(afterV3.timeline), 1);

    // The captions follow the new reading: at the middle of its second word the lit word is drawn,
    // and after the last page has gone (the tail) nothing is.
    const { starts, total } = sceneStarts(afterV3.timeline);
    const word = scene.captions[1]!;
    expect(litPixels(v3File, starts[1]! + (word.start + word.end) / 2)).toBeGreaterThan(20);
    expect(litPixels(v3File, total - 0.05)).toBe(0);

    // v1 still plays, from its own file.
    const v1 = afterV3.versions.find((entry) => entry.version === 1)!;
    expect(v1.video_src).not.toBeNull();
    const v1File = await services.render.storage.download(v1Key, join(work, 'v1.mp4'));
    expect((await probe(v1File)).duration).toBeCloseTo(first.ai_video.duration!, 1);
    await app.close();
  });
});
