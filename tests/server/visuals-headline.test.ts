// The key phrase as kinetic type: the built-in art designs one per scene, the captions stage turns
// it into ASS events with the style's entrance, timed inside the scene and clear of the caption
// lines, for every style, caption preset and frame shape; other providers give none; and a render
// resumed from its checkpoint still burns every scene's phrase.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTION_PRESETS, resolveCaptionStyle, type CaptionStyle, type WordTiming } from '../../contract/captions';
import { ART_STYLES } from '../../contract/permissions';
import { FRAME_SIZES, type AspectRatio } from '../../contract/videos';
import type { AiVideoRow } from '../../server/db/schema-videos';
import { HEADLINE_FONTS, type SceneHeadline, type VisualProvider } from '../../server/domain/ports/visuals';
import type { PlannedScene, VideoCheckpoint } from '../../server/domain/videos/checkpoint';
import { captionsStage } from '../../server/domain/videos/pipeline/captions';
import type { StageContext } from '../../server/domain/videos/pipeline/context';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import { visualsStage } from '../../server/domain/videos/pipeline/visuals';
import { buildAss, captionBlockRows, HEADLINE_ENTRANCE_LIMIT } from '../../server/media/captions';
import { createDiskStorage } from '../../server/media/storage/disk';
import type { ArtStyleName } from '../../server/providers/visuals';
import { BuiltinVisualProvider, drawScene } from '../../server/providers/visuals/builtin';
import { FallbackVisualProvider } from '../../server/providers/visuals/fallback';

const work = mkdtempSync(join(tmpdir(), 'reelflow-headline-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROMPT = 'Octopuses have three hearts and blue blood. (style, vertical short-video frame, no text)';

function headlineOf(style: ArtStyleName, caption: CaptionStyle | null, size = { width: 540, height: 960 }, prompt = PROMPT): SceneHeadline {
  const { headline } = drawScene({ style, prompt, topic: null, caption, index: 1, ...size });
  expect(headline, style).not.toBeNull();
  return headline!;
}

interface HeadlineEvent {
  layer: number;
  start: number;
  end: number;
  text: string;
}

const clock = (value: string) => {
  const [h, m, s] = value.split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};

function headlineEvents(ass: string): HeadlineEvent[] {
  return [...ass.matchAll(/^Dialogue: (\d+),([\d:.]+),([\d:.]+),Headline,,0,0,0,,(.*)$/gm)].map((match) => ({ layer: Number(match[1]), start: clock(match[2]!), end: clock(match[3]!), text: match[4]! }));
}

/** The rows an event's text can cover: its positions (\pos, both ends of \move) ± half its line
 *  height, or a drawing's own extent around its centre. */
function eventRows(event: HeadlineEvent): { top: number; bottom: number } {
  const ys: number[] = [];
  const position = /\\pos\(([-\d.]+),([-\d.]+)\)/.exec(event.text);
  if (position) ys.push(Number(position[2]));
  const move = /\\move\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)/.exec(event.text);
  if (move) ys.push(Number(move[2]), Number(move[4]));
  let half: number;
  const drawing = /\\p1[^}]*\}([^{]*)/.exec(event.text);
  if (drawing) {
    const numbers = drawing[1]!.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const rows = numbers.filter((_, i) => i % 2 === 1);
    half = (Math.max(...rows) - Math.min(...rows)) / 2 + Number(/\\bord([\d.]+)/.exec(event.text)?.[1] ?? 0);
  } else {
    half = Number(/\\fs([\d.]+)/.exec(event.text)![1]) / 2;
  }
  return { top: Math.min(...ys) - half, bottom: Math.max(...ys) + half };
}

/** What each style's entrance must say in ASS. */
const ENTRANCE_TAGS: Record<ArtStyleName, RegExp[]> = {
  comic: [/\\p1/, /\\fscx0\\fscy0\\t\(0,\d+,\\fscx1\d\d\\fscy1\d\d\)/],
  cyberpunk: [/\\move\(/, /\\alpha&HFF&\\t\(/],
  minimalist: [/\\an4\\move\(/, /\\fad\(\d+,\d+\)/],
  'pixel-art': [/\}[^{]\{\\alpha&HFF&\\t\(\d+,\d+,\\alpha&H00&\)\}/],
  cinematic: [/\\fad\(500,/, /\\t\(0,\d+,[\d.]+,\\fsp/],
  anime: [/\\move\(/, /\\t\(\d+,\d+,\\fscx\d+\\fscy\d+\)/],
  watercolor: [/\\move\(/, /\\fad\(/, /\\t\(0,\d+,\\blur/],
  vintage: [/\\move\(/, /\\fad\(/],
  fantasy: [/\\move\(/, /\\fad\(/, /\\blur/],
  realistic: [/\\move\(/, /\\fscx0\\t\(/],
};

describe('the built-in art designs a key phrase', () => {
  it.each(ART_STYLES)('%s: a phrase in a shipped face, placed on the frame, and no longer painted into the still', async (style) => {
    const visual = await new BuiltinVisualProvider().sceneVisual({ prompt: PROMPT, keywords: [], artStyle: style, width: 540, height: 960, index: 1, duration: 4, outputBase: join(work, `${style}-scene`) });
    const headline = visual.headline!;
    expect(headline).toMatchObject({ style });
    expect(headline.text.toLowerCase()).toContain('octopus');
    expect(HEADLINE_FONTS).toContain(headline.font);
    for (const share of [headline.x, headline.y, headline.size, headline.width]) expect(share > 0 && share < 1, `${style} ${JSON.stringify(headline)}`).toBe(true);
    expect(headline.ink).toMatch(/^#[0-9A-F]{6}$/i);
    expect(headline.accent).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('gives none when the fonts cannot set the phrase', () => {
    expect(drawScene({ style: 'anime', prompt: '東京の夜景', topic: null, caption: null, index: 0, width: 270, height: 480 }).headline).toBeNull();
  });
});

describe('headline events', () => {
  const spans = [{ start: 0, duration: 3.2 }, { start: 3.2, duration: 2.1 }, { start: 5.3, duration: 4 }];
  const words: WordTiming[] = Array.from({ length: 20 }, (_, i) => ({ word: `word${i}`, start: i * 0.45, end: i * 0.45 + 0.4 }));

  it.each(ART_STYLES)('%s: one entrance per scene with the style\'s tags, inside its scene', (style) => {
    const caption = resolveCaptionStyle({ preset: 'bold-pop' });
    const headline = headlineOf(style, caption);
    const ass = buildAss({ words, style: caption, width: 1080, height: 1920, headlines: spans.map((span) => ({ headline, ...span })) });
    const events = headlineEvents(ass);
    const layersPerScene = events.length / spans.length;
    expect(Number.isInteger(layersPerScene) && layersPerScene >= 1).toBe(true);
    spans.forEach((span, index) => {
      for (const event of events.slice(index * layersPerScene, (index + 1) * layersPerScene)) {
        expect(event.start).toBeGreaterThanOrEqual(span.start);
        expect(event.start).toBeLessThan(span.start + 0.2);
        expect(event.end).toBeLessThan(span.start + span.duration);
        expect(event.end - event.start).toBeGreaterThan(span.duration / 2);
        // The phrase has arrived (moved, faded or typed in) within the entrance limit.
        const limit = HEADLINE_ENTRANCE_LIMIT * 1000;
        for (const [, ms] of event.text.matchAll(/\\move\([^)]*,0,(\d+)\)/g)) expect(Number(ms)).toBeLessThanOrEqual(limit);
        for (const [, ms] of event.text.matchAll(/\\fad\((\d+),/g)) expect(Number(ms)).toBeLessThanOrEqual(limit);
        for (const [, ms] of event.text.matchAll(/\\t\(\d+,(\d+),\\alpha&H00&\)/g)) expect(Number(ms)).toBeLessThanOrEqual(limit);
      }
    });
    for (const tag of ENTRANCE_TAGS[style]) expect(events.some((event) => tag.test(event.text)), `${style} ${tag}`).toBe(true);
    // The caption events are untouched and come first (the thumbnail picks among them).
    expect(ass.indexOf('Headline,,')).toBeGreaterThan(ass.lastIndexOf(',Text,,'));
  });

  it('leaves out a scene too short to read a phrase in, and burns phrases without captions', () => {
    const headline = headlineOf('comic', null);
    const off = resolveCaptionStyle({ preset: 'none' });
    const ass = buildAss({ words: [], style: off, width: 1080, height: 1920, headlines: [{ headline, start: 0, duration: 0.6 }, { headline, start: 0.6, duration: 3 }] });
    const events = headlineEvents(ass);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.start >= 0.6)).toBe(true);
    expect(ass).not.toMatch(/,Text,,/);
  });

  it('never covers the caption lines: every style × preset × frame shape, as drawn and after a caption change', () => {
    for (const aspect of Object.keys(FRAME_SIZES) as AspectRatio[]) {
      const { width, height } = FRAME_SIZES[aspect];
      const small = { width: width / 2, height: height / 2 };
      for (const style of ART_STYLES) {
        // Designed without captions: the burner alone must keep it off them.
        const uncaptioned = headlineOf(style, null, small);
        for (const preset of CAPTION_PRESETS.filter((name) => name !== 'none')) {
          const caption = resolveCaptionStyle({ preset });
          const rows = captionBlockRows(caption, width, height);
          for (const headline of [headlineOf(style, caption, small), uncaptioned]) {
            const events = headlineEvents(buildAss({ words, style: caption, width, height, headlines: [{ headline, start: 0, duration: 4 }] }));
            expect(events.length).toBeGreaterThan(0);
            for (const event of events) {
              const covered = eventRows(event);
              expect(covered.bottom <= rows.top || covered.top >= rows.bottom, `${aspect} ${style} ${preset}: ${JSON.stringify(covered)} vs ${JSON.stringify(rows)}`).toBe(true);
              expect(covered.top, `${aspect} ${style} ${preset}`).toBeGreaterThanOrEqual(0);
              expect(covered.bottom, `${aspect} ${style} ${preset}`).toBeLessThanOrEqual(height);
            }
          }
        }
      }
    }
  });
});

describe('headlines through the render pipeline', () => {
  const scenes: PlannedScene[] = [
    { text: 'Octopuses have three hearts.', prompt: 'Octopuses have three hearts.', keywords: ['octopus'], wordCount: 4 },
    { text: 'Their blood is blue because it carries copper.', prompt: 'Their blood is blue because it carries copper.', keywords: ['blood'], wordCount: 8 },
    { text: 'They can taste things with their arms.', prompt: 'They can taste things with their arms.', keywords: ['arms'], wordCount: 7 },
  ];
  const words: WordTiming[] = scenes.flatMap((scene) => scene.text.split(' ')).map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.35 }));
  const voice = { key: 'voice.wav', format: 'wav' as const, duration: words.at(-1)!.end, words, provider: 'builtin', voiceId: 'v' };

  function context(provider: VisualProvider, checkpoint: VideoCheckpoint, saved: VideoCheckpoint[], preset: 'bold-pop' | 'none' = 'bold-pop'): StageContext {
    const storage = createDiskStorage(join(work, 'storage'));
    const workDir = mkdtempSync(join(work, 'run-'));
    const services = { storage, visuals: provider, captionsAss: buildAss } as unknown as RenderServices;
    const video = { id: 'v1', userId: 1, settings: { aspect_ratio: '9:16', art_style: 'cyberpunk', caption_settings: { preset }, watermark: false } } as unknown as AiVideoRow;
    return {
      services,
      video,
      checkpoint,
      prefix: 'users/1/videos/v1/',
      workDir,
      signal: new AbortController().signal,
      progress: () => {},
      // As the database stores it: JSON, so nothing survives that a resumed run would not see.
      saveCheckpoint: (partial) => {
        saved.push(JSON.parse(JSON.stringify({ ...checkpoint, ...partial })) as VideoCheckpoint);
        return Promise.resolve();
      },
    };
  }

  async function assOf(ctx: StageContext, checkpoint: VideoCheckpoint): Promise<string> {
    const { captions } = await captionsStage({ ...ctx, checkpoint });
    const local = await ctx.services.storage.download(captions!.key!, join(ctx.workDir, 'captions.ass'));
    return readFile(local, 'utf8');
  }

  it('keeps each built-in scene\'s phrase in the checkpoint, and a render resumed mid-visuals burns them all', async () => {
    const saved: VideoCheckpoint[] = [];
    const base: VideoCheckpoint = { scenes, voice, script: { text: scenes.map((scene) => scene.text).join(' '), title: 'Octopus intelligence', writer: 'builtin' } };
    // The first run stops after its first scene (a crash): only what was saved survives.
    const crashing = new BuiltinVisualProvider();
    let drawn = 0;
    const once: VisualProvider = {
      id: 'builtin',
      label: crashing.label,
      sceneVisual: async (request, signal) => {
        if (drawn++ === 1) throw new Error('process stopped');
        return crashing.sceneVisual(request, signal);
      },
    };
    await expect(visualsStage(context(once, base, saved))).rejects.toThrow('process stopped');
    const resumedFrom = saved.at(-1)!;
    expect(resumedFrom.visuals).toHaveLength(1);
    expect(resumedFrom.visuals![0]!.headline?.text).toMatch(/OCTOPUS/);

    const ctx = context(new BuiltinVisualProvider(), resumedFrom, saved);
    const result = await visualsStage(ctx);
    expect(result.visuals!.every((scene) => scene.headline !== undefined)).toBe(true);
    const finished = JSON.parse(JSON.stringify({ ...resumedFrom, ...result })) as VideoCheckpoint;
    const events = headlineEvents(await assOf(ctx, finished));
    for (const scene of finished.visuals!) {
      if (scene.duration < 1.2) continue;
      expect(events.some((event) => event.start >= scene.start && event.end <= scene.start + scene.duration), JSON.stringify(scene)).toBe(true);
    }
    // Captions off: the phrases are still burned.
    const offCtx = context(new BuiltinVisualProvider(), finished, [], 'none');
    expect(headlineEvents(await assOf(offCtx, finished)).length).toBe(events.length);
  });

  it('gives other providers\' scenes no phrase', async () => {
    const photo: VisualProvider = {
      id: 'pexels',
      label: 'Pexels',
      sceneVisual: async (request) => {
        const path = `${request.outputBase}.png`;
        await writeFile(path, Buffer.from('not really a png'));
        return { kind: 'image', path, width: request.width, height: request.height, attribution: 'Photo by someone on Pexels' };
      },
    };
    const saved: VideoCheckpoint[] = [];
    const checkpoint: VideoCheckpoint = { scenes, voice };
    const ctx = context(new FallbackVisualProvider(photo), checkpoint, saved);
    const result = await visualsStage(ctx);
    expect(result.visuals!.some((scene) => scene.headline)).toBe(false);
    const ass = await assOf(ctx, { ...checkpoint, ...result });
    expect(headlineEvents(ass)).toEqual([]);
    expect(ass).not.toContain('Style: Headline');
  });
});
