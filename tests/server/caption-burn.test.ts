// Burning captions into an uploaded video: the captions are really drawn
// (the frames change where the text is), the picture keeps its size as it plays (a phone's
// rotation applied), the sound is kept, and a cancelled burn leaves no file behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveCaptionStyle, type WordTiming } from '../../contract';
import { burnCaptions, displaySize } from '../../server/media/caption-burn';
import { ffmpegPath, probe } from '../../server/media/ffmpeg';
import { prepareFontsDir } from '../../server/media/fonts';

const dir = mkdtempSync(join(tmpdir(), 'reelflow-burn-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffmpeg(args: string[]): Buffer {
  const result = spawnSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args], { maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** A 2 s black clip with a tone, optionally tagged as filmed sideways. */
function blackClip(name: string, rotate?: number): string {
  const path = join(dir, name);
  ffmpeg([
    '-y',
    '-f', 'lavfi', '-i', 'color=c=black:size=320x240:rate=25:duration=2',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
  if (rotate === undefined) return path;
  // As a phone writes it: the pixels stored sideways, a display rotation in the file.
  const rotated = join(dir, `rotated-${name}`);
  ffmpeg(['-y', '-i', path, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, rotated]);
  return rotated;
}

/** Mean brightness (0–255) of the frame at `seconds`. */
function brightness(path: string, seconds: number): number {
  const raw = ffmpeg(['-ss', String(seconds), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
  return raw.reduce((sum, value) => sum + value, 0) / raw.length;
}

const words: WordTiming[] = [
  { word: 'Hello', start: 0.1, end: 0.6 },
  { word: 'world', start: 0.7, end: 1.4 },
];
const fontsDir = prepareFontsDir(join(dir, 'cache'));

describe('burnCaptions', () => {
  it('draws the captions on the picture, keeps its size and sound', async () => {
    const source = blackClip('plain.mp4');
    const output = join(dir, 'plain-captioned.mp4');
    const progress: number[] = [];
    const burned = await burnCaptions({ source, output, words, style: resolveCaptionStyle({ preset: 'bold-pop' }), fontsDir }, (fraction) => progress.push(fraction));
    expect(burned).toMatchObject({ width: 320, height: 240 });
    const facts = await probe(output);
    expect(facts).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(facts.duration).toBeGreaterThan(1.8);
    expect(burned.sizeBytes).toBe(facts.sizeBytes);
    // Black before; white/coloured text while a word is spoken.
    expect(brightness(source, 0.4)).toBeLessThan(20);
    expect(brightness(output, 0.4) - brightness(source, 0.4)).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    expect(readdirSync(dir).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('lays captions out on the picture as it plays: a sideways phone video stays upright', async () => {
    expect(displaySize(1920, 1080, 90)).toEqual({ width: 1080, height: 1920 });
    expect(displaySize(1920, 1080, 180)).toEqual({ width: 1920, height: 1080 });
    const source = blackClip('rotated.mp4', 90);
    // A quarter turn (which way depends on how the file's display matrix is read: both swap the sides).
    expect([90, 270]).toContain((await probe(source)).rotation);
    const output = join(dir, 'rotated-captioned.mp4');
    const burned = await burnCaptions({ source, output, words, style: resolveCaptionStyle({ preset: 'clean' }), fontsDir });
    expect(burned).toMatchObject({ width: 240, height: 320 });
    const facts = await probe(output);
    expect(displaySize(facts.width!, facts.height!, facts.rotation)).toEqual({ width: 240, height: 320 });
  });

  it('leaves nothing behind when cancelled', async () => {
    const source = blackClip('cancel.mp4');
    const output = join(dir, 'cancelled.mp4');
    const controller = new AbortController();
    controller.abort();
    await expect(burnCaptions({ source, output, words, style: resolveCaptionStyle({ preset: 'clean' }), fontsDir }, undefined, controller.signal)).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.startsWith('cancelled') || name.includes('.partial'))).toEqual([]);
  });
});
