// The shipped caption fonts as libass sees them, and captions rendered by real ffmpeg: every
// family name reaches its own file, the size table matches the files, and rendered captions
// stay out of the platforms' button areas.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTION_FONT_LINE_HEIGHT, CAPTION_FONT_METRICS, CAPTION_FONTS, CAPTION_PRESET_STYLES, captionSafeArea, resolveCaptionStyle, type CaptionSettings } from '../../contract';
import { buildAss } from '../../server/media/captions';
import { runFfmpeg } from '../../server/media/ffmpeg';
import { filterValue } from '../../server/media/filtergraph';
import { HEADLINE_FONTS, type SceneHeadline } from '../../server/domain/ports/visuals';
import { burnedFontFaces, CAPTION_FONT_FACES, fontSourcePath, HEADLINE_FONT_FACES, prepareFontsDir, watermarkFontPath } from '../../server/media/fonts';

// A directory name with every character the filter graph treats specially.
const root = mkdtempSync(join(tmpdir(), "reelflow fonts, it's [a]:b-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The family name and PostScript name of a TTF, read from its `name` table (IDs 1 and 6). */
function fontNames(path: string): { family: string; postscript: string } {
  const file = readFileSync(path);
  const tables = file.readUInt16BE(4);
  let name = 0;
  for (let i = 0; i < tables; i += 1) if (file.toString('latin1', 12 + i * 16, 16 + i * 16) === 'name') name = file.readUInt32BE(12 + i * 16 + 8);
  const count = file.readUInt16BE(name + 2);
  const strings = name + file.readUInt16BE(name + 4);
  const found: Record<number, string> = {};
  for (let i = 0; i < count; i += 1) {
    const record = name + 6 + i * 12;
    const [platform, , , id, length, offset] = [0, 2, 4, 6, 8, 10].map((at) => file.readUInt16BE(record + at)) as [number, number, number, number, number, number];
    if (platform !== 3 || found[id]) continue;
    const bytes = file.subarray(strings + offset, strings + offset + length);
    found[id] = Array.from({ length: length / 2 }, (_, k) => String.fromCharCode(bytes.readUInt16BE(k * 2))).join('');
  }
  return { family: found[1]!, postscript: found[6]! };
}

/** A TTF's vertical metrics in ems: OS/2 win ascent and descent, hhea ascender and descender. */
function verticalMetrics(path: string): { winAscent: number; winDescent: number; ascent: number; descent: number } {
  const file = readFileSync(path);
  const offsets: Record<string, number> = {};
  for (let i = 0; i < file.readUInt16BE(4); i += 1) offsets[file.toString('latin1', 12 + i * 16, 16 + i * 16)] = file.readUInt32BE(12 + i * 16 + 8);
  const unitsPerEm = file.readUInt16BE(offsets.head! + 18);
  return {
    winAscent: file.readUInt16BE(offsets['OS/2']! + 74) / unitsPerEm,
    winDescent: file.readUInt16BE(offsets['OS/2']! + 76) / unitsPerEm,
    ascent: file.readInt16BE(offsets.hhea! + 4) / unitsPerEm,
    descent: -file.readInt16BE(offsets.hhea! + 6) / unitsPerEm,
  };
}

function winHeightPerEm(path: string): number {
  const metrics = verticalMetrics(path);
  return metrics.winAscent + metrics.winDescent;
}

async function renderGray(ass: string, fontsDir: string, width: number, height: number): Promise<Buffer> {
  const assPath = join(root, `captions-${Math.random().toString(36).slice(2)}.ass`);
  writeFileSync(assPath, ass);
  const out = join(root, `frame-${Math.random().toString(36).slice(2)}.gray`);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:d=1`, '-vf', `ass=filename=${filterValue(assPath)}:fontsdir=${filterValue(fontsDir)}`, '-ss', '0.5', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', out]);
  return readFileSync(out);
}

describe('caption fonts', () => {
  const fontsDir = prepareFontsDir(join(root, 'cache'));

  it('holds exactly the caption and headline faces, copied from the npm packages, and is reused', () => {
    expect(readdirSync(fontsDir).sort()).toEqual(burnedFontFaces().map((face) => face.file.split('/').pop()).sort());
    expect(readdirSync(fontsDir)).toHaveLength(9);
    expect(Object.keys(HEADLINE_FONT_FACES).sort()).toEqual([...HEADLINE_FONTS].sort());
    expect(Object.keys(CAPTION_FONT_FACES).sort()).toEqual([...CAPTION_FONTS].sort());
    const before = statSync(watermarkFontPath(fontsDir)).mtimeMs;
    expect(prepareFontsDir(join(root, 'cache'))).toBe(fontsDir);
    expect(statSync(watermarkFontPath(fontsDir)).mtimeMs).toBe(before);
  });

  it('names each family as the file does and sizes it from the file', () => {
    for (const face of [...Object.values(CAPTION_FONT_FACES), ...Object.values(HEADLINE_FONT_FACES)]) {
      expect(fontNames(fontSourcePath(face)).family).toBe(face.assName);
      expect(face.winHeightPerEm).toBeCloseTo(winHeightPerEm(fontSourcePath(face)), 3);
    }
    // The contract's numbers, which the browser's preview lays captions out with, are the files'.
    for (const font of CAPTION_FONTS) {
      const file = fontSourcePath(CAPTION_FONT_FACES[font]);
      expect(CAPTION_FONT_METRICS[font].winHeightPerEm, font).toBeCloseTo(winHeightPerEm(file), 3);
      expect(CAPTION_FONT_LINE_HEIGHT[font], font).toBe(CAPTION_FONT_METRICS[font].winHeightPerEm);
      const metrics = verticalMetrics(file);
      expect(CAPTION_FONT_METRICS[font].winAscentPerEm, font).toBeCloseTo(metrics.winAscent, 4);
      expect(CAPTION_FONT_METRICS[font].ascentPerEm, font).toBeCloseTo(metrics.ascent, 4);
      expect(CAPTION_FONT_METRICS[font].descentPerEm, font).toBeCloseTo(metrics.descent, 4);
      // Only a bold cut that shares its family with the regular one is asked for as bold.
      expect(CAPTION_FONT_METRICS[font].bold, font).toBe(/Bold/.test(CAPTION_FONT_FACES[font].file) && fontNames(file).family === font);
    }
  });

  it('libass picks the shipped file for every caption font (its fontselect log)', async () => {
    const lines = CAPTION_FONTS.map((font, index) => {
      const ass = buildAss({ words: [{ word: `Font ${index}`, start: 0, end: 1 }], style: resolveCaptionStyle({ preset: 'clean', font }), width: 540, height: 960 });
      return ass;
    });
    for (const [index, font] of CAPTION_FONTS.entries()) {
      const assPath = join(root, `font-${index}.ass`);
      writeFileSync(assPath, lines[index]!);
      const log = await runFfmpeg(['-loglevel', 'debug', '-f', 'lavfi', '-i', 'color=c=black:s=540x960:d=0.2', '-vf', `ass=filename=${filterValue(assPath)}:fontsdir=${filterValue(fontsDir)}`, '-frames:v', '1', '-f', 'null', '-'], { keepStderr: true });
      const face = CAPTION_FONT_FACES[font];
      const selected = [...log.matchAll(/fontselect: \((.+?), \d+, \d+\) -> (.+?), \d+, (\S+)/g)];
      expect(selected.length, `${font}: no fontselect line`).toBeGreaterThan(0);
      for (const match of selected) {
        expect(match[1]).toBe(face.assName);
        expect(match[3]).toBe(fontNames(fontSourcePath(face)).postscript);
      }
    }
  });

  it('libass picks the shipped file for every headline face, italic included', async () => {
    for (const [index, font] of HEADLINE_FONTS.entries()) {
      const headline: SceneHeadline = { text: `Face ${index}`, style: 'vintage', font, x: 0.5, y: 0.3, align: 'center', size: 0.04, tracking: 0, width: 0.3, ink: '#FFFFFF', accent: '#000000' };
      const assPath = join(root, `headline-${index}.ass`);
      writeFileSync(assPath, buildAss({ words: [], style: resolveCaptionStyle({ preset: 'none' }), width: 540, height: 960, headlines: [{ headline, start: 0, duration: 3 }] }));
      const log = await runFfmpeg(['-loglevel', 'debug', '-f', 'lavfi', '-i', 'color=c=black:s=540x960:d=1', '-vf', `ass=filename=${filterValue(assPath)}:fontsdir=${filterValue(fontsDir)}`, '-ss', '0.8', '-frames:v', '1', '-f', 'null', '-'], { keepStderr: true });
      const face = HEADLINE_FONT_FACES[font];
      // The Headline style's own default face may be looked up too; the override must win.
      const selected = [...log.matchAll(/fontselect: \((.+?), (\d+), (\d+)\) -> (.+?), \d+, (\S+)/g)].filter((match) => match[1] === face.assName);
      expect(selected.length, `${font}: no fontselect line`).toBeGreaterThan(0);
      for (const match of selected) expect(match[5], font).toBe(fontNames(fontSourcePath(face)).postscript);
      expect(selected.some((match) => match[3] === '100'), font).toBe(face.italic);
    }
  });
});

describe('rendered captions', () => {
  const fontsDir = prepareFontsDir(join(root, 'cache'));
  // Wide words (W, M) fill each preset's full page: the worst realistic case.
  const long = 'Wonderful MOMENTS everywhere WWWWWW happening MMMMMM tonight WWWWWW MMMMMM WWWWWW'.split(' ').map((word) => ({ word, start: 0.4, end: 0.9 }));

  for (const settings of [
    { preset: 'clean', position: 'bottom' },
    { preset: 'karaoke-box', position: 'top' },
    { preset: 'bold-pop', position: 'bottom' },
    { preset: 'neon', position: 'top' },
    { preset: 'typewriter', position: 'bottom', words_per_line: 8 },
  ] satisfies CaptionSettings[]) {
    it(`keeps ${settings.preset} at the ${settings.position} out of the button areas of a 9:16 frame`, async () => {
      const [width, height] = [1080, 1920];
      const style = resolveCaptionStyle(settings);
      const words = long.slice(0, style.words_per_line * style.lines);
      const pixels = await renderGray(buildAss({ words, style, width, height }), fontsDir, width, height);
      const safe = captionSafeArea(width, height);
      let inside = 0;
      let outside = 0;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          if (pixels[y * width + x]! < 40) continue;
          const covered = y < safe.top * height || y >= (1 - safe.bottom) * height || x >= (1 - safe.right) * width || x < safe.left * width;
          if (covered) outside += 1;
          else inside += 1;
        }
      }
      expect(inside).toBeGreaterThan(5000);
      expect(outside).toBe(0);
    });
  }

  it('draws text of the preset size: half the frame, half the letters', async () => {
    const words = [{ word: 'HH', start: 0, end: 1 }];
    const style = resolveCaptionStyle({ preset: 'bold-pop', outline_width: 0 });
    const rows = async (width: number, height: number) => {
      const pixels = await renderGray(buildAss({ words, style, width, height }), fontsDir, width, height);
      const lit = new Set<number>();
      pixels.forEach((value, index) => value > 128 && lit.add(Math.floor(index / width)));
      return lit.size;
    };
    const full = await rows(1080, 1920);
    // Montserrat's cap height is 0.7 em: an "H" of a 78-px font is ~55 px tall at 1080 wide.
    expect(full).toBeGreaterThan(CAPTION_PRESET_STYLES['bold-pop'].font_size * 0.7 - 3);
    expect(full).toBeLessThan(CAPTION_PRESET_STYLES['bold-pop'].font_size * 0.7 + 3);
    expect(Math.abs((await rows(540, 960)) - full / 2)).toBeLessThanOrEqual(2);
  });
});
