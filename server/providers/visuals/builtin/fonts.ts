// The shipped fonts the built-in art measures its key phrase with (the very files the burner sets
// it in: server/media/fonts.ts), registered once per process under stable family names.
import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

const FONT_FILES = {
  'RF Anton': '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf',
  'RF Bebas Neue': '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf',
  'RF Montserrat Black Italic': '@expo-google-fonts/montserrat/900Black_Italic/Montserrat_900Black_Italic.ttf',
  'RF Montserrat SemiBold': '@expo-google-fonts/montserrat/600SemiBold/Montserrat_600SemiBold.ttf',
  'RF Poppins Light': '@expo-google-fonts/poppins/300Light/Poppins_300Light.ttf',
  'RF Poppins Medium': '@expo-google-fonts/poppins/500Medium/Poppins_500Medium.ttf',
  'RF Noto Sans Bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

export type ArtFont = keyof typeof FONT_FILES;

let registered = false;

/** Registers every art font (idempotent). A missing file is skipped: the text then falls back
 *  to the system sans-serif instead of failing the render. */
export function ensureArtFonts(): void {
  if (registered) return;
  registered = true;
  for (const [family, file] of Object.entries(FONT_FILES)) {
    try {
      GlobalFonts.registerFromPath(require.resolve(file), family);
    } catch {
      // Not installed: the canvas uses its default font for this family.
    }
  }
}

/** A CSS font shorthand for one of the art fonts. */
export function artFont(family: ArtFont, sizePx: number): string {
  return `${Math.round(sizePx)}px "${family}"`;
}

/** The shipped fonts cover Latin, Greek and Cyrillic; other scripts would draw as empty boxes,
 *  so such phrases are left out (the captions still carry the words). */
export function drawableKeyword(keyword: string | null | undefined): string | null {
  if (!keyword) return null;
  // Up to 32 characters, cut between words: a key phrase, never half a word.
  let trimmed = keyword.trim().replace(/\s+/g, ' ');
  while (trimmed.length > 32 && trimmed.includes(' ')) trimmed = trimmed.slice(0, trimmed.lastIndexOf(' '));
  trimmed = trimmed.slice(0, 32);
  return trimmed !== '' && /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}'’ &.,!?-]+$/u.test(trimmed) ? trimmed : null;
}
