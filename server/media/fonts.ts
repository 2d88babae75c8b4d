// The caption fonts libass burns in, shipped with the app as TTF files from the
// @expo-google-fonts packages (no system fonts, no downloads). One folder holds exactly the faces
// the presets use; ffmpeg's `ass` filter loads it with `fontsdir`.
//
// libass matches a style's Fontname against each file's family name (name ID 1), so the ASS
// writer must use those names: the heavier cuts of Montserrat and Poppins are separate families
// ("Montserrat ExtraBold", "Poppins SemiBold"), Noto Sans Bold is family "Noto Sans" + bold.
// tests/server/media-fonts.test.ts proves each name reaches its file (libass' fontselect log).
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CAPTION_FONT_METRICS, type CaptionFont, type CaptionFontMetrics } from '../../contract';
import type { HeadlineFont } from '../domain/ports/visuals';

const require = createRequire(import.meta.url);

/**
 * A face the burner ships. winHeightPerEm = (usWinAscent + usWinDescent) / unitsPerEm from the
 * file's OS/2 and head tables (libass sizes a font so that winAscent + winDescent = Fontsize, CSS
 * sizes the em); for the caption fonts it and `bold` come from contract/caption-layout's
 * CAPTION_FONT_METRICS, the numbers the browser's preview lays captions out with.
 */
export interface CaptionFontFace extends Pick<CaptionFontMetrics, 'winHeightPerEm' | 'bold'> {
  /** npm package and the TTF inside it. */
  packageName: string;
  file: string;
  /** The family name libass sees (name ID 1); `bold` says whether the style asks for bold. */
  assName: string;
}

const fromContract = (font: CaptionFont) => ({ winHeightPerEm: CAPTION_FONT_METRICS[font].winHeightPerEm, bold: CAPTION_FONT_METRICS[font].bold });

export const CAPTION_FONT_FACES: Record<CaptionFont, CaptionFontFace> = {
  Montserrat: { packageName: '@expo-google-fonts/montserrat', file: '800ExtraBold/Montserrat_800ExtraBold.ttf', assName: 'Montserrat ExtraBold', ...fromContract('Montserrat') },
  Anton: { packageName: '@expo-google-fonts/anton', file: '400Regular/Anton_400Regular.ttf', assName: 'Anton', ...fromContract('Anton') },
  Poppins: { packageName: '@expo-google-fonts/poppins', file: '600SemiBold/Poppins_600SemiBold.ttf', assName: 'Poppins SemiBold', ...fromContract('Poppins') },
  'Bebas Neue': { packageName: '@expo-google-fonts/bebas-neue', file: '400Regular/BebasNeue_400Regular.ttf', assName: 'Bebas Neue', ...fromContract('Bebas Neue') },
  'Noto Sans': { packageName: '@expo-google-fonts/noto-sans', file: '700Bold/NotoSans_700Bold.ttf', assName: 'Noto Sans', ...fromContract('Noto Sans') },
};

/** Whether a style asks for italic as well (libass then takes the family's italic file). */
export type HeadlineFontFace = CaptionFontFace & { italic: boolean };

const plain = (face: CaptionFontFace): HeadlineFontFace => ({ ...face, italic: false });

/**
 * The faces the built-in art sets each scene's key phrase in (the same files it measures the
 * phrase with: server/providers/visuals/builtin/fonts.ts), burned in as kinetic type.
 */
export const HEADLINE_FONT_FACES: Record<HeadlineFont, HeadlineFontFace> = {
  Anton: plain(CAPTION_FONT_FACES.Anton),
  'Bebas Neue': plain(CAPTION_FONT_FACES['Bebas Neue']),
  'Noto Sans Bold': plain(CAPTION_FONT_FACES['Noto Sans']),
  'Montserrat Black Italic': { packageName: '@expo-google-fonts/montserrat', file: '900Black_Italic/Montserrat_900Black_Italic.ttf', assName: 'Montserrat Black', bold: false, italic: true, winHeightPerEm: 1.562 },
  'Montserrat SemiBold': { packageName: '@expo-google-fonts/montserrat', file: '600SemiBold/Montserrat_600SemiBold.ttf', assName: 'Montserrat SemiBold', bold: false, italic: false, winHeightPerEm: 1.562 },
  'Poppins Light': { packageName: '@expo-google-fonts/poppins', file: '300Light/Poppins_300Light.ttf', assName: 'Poppins Light', bold: false, italic: false, winHeightPerEm: 1.762 },
  'Poppins Medium': { packageName: '@expo-google-fonts/poppins', file: '500Medium/Poppins_500Medium.ttf', assName: 'Poppins Medium', bold: false, italic: false, winHeightPerEm: 1.762 },
};

/** Every file the burner's folder holds: the caption faces and the headline faces, once each. */
export function burnedFontFaces(): CaptionFontFace[] {
  const byFile = new Map<string, CaptionFontFace>();
  for (const face of [...Object.values(CAPTION_FONT_FACES), ...Object.values(HEADLINE_FONT_FACES)]) byFile.set(face.file, face);
  return [...byFile.values()];
}

/** The watermark ("Made with Reelflow") is drawn with drawtext from this face. */
export const WATERMARK_FONT: CaptionFont = 'Montserrat';

/** Absolute path of a face's TTF inside node_modules. */
export function fontSourcePath(face: CaptionFontFace): string {
  return join(dirname(require.resolve(`${face.packageName}/package.json`)), face.file);
}

function fileName(face: CaptionFontFace): string {
  return face.file.split('/').pop()!;
}

/** The watermark font's file inside a folder made by prepareFontsDir. */
export function watermarkFontPath(fontsDir: string): string {
  return join(fontsDir, fileName(CAPTION_FONT_FACES[WATERMARK_FONT]));
}

// Bump when the set of faces changes, so an old cache folder is never reused.
const FONTS_VERSION = 'fonts-v2';

/**
 * Makes (once) `<cacheDir>/fonts-v2` holding copies of exactly the caption and headline faces, and
 * returns it. Copies rather than symlinks: the folder must survive a node_modules reinstall
 * mid-render, and the nine files are ~2 MB. Built in a temporary folder and renamed, so a crash never leaves a
 * half-filled folder that later renders would trust.
 */
export function prepareFontsDir(cacheDir: string): string {
  const target = join(cacheDir, FONTS_VERSION);
  const faces = burnedFontFaces();
  const complete = () => faces.every((face) => existsSync(join(target, fileName(face))) && statSync(join(target, fileName(face))).size === statSync(fontSourcePath(face)).size);
  if (existsSync(target) && complete()) return target;
  mkdirSync(cacheDir, { recursive: true });
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(staging);
  try {
    for (const face of faces) copyFileSync(fontSourcePath(face), join(staging, fileName(face)));
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another process may have won the race with a complete folder.
    if (existsSync(target) && complete()) return target;
    throw error;
  }
  return target;
}
