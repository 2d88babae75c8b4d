// The caption fonts for the live preview, loaded on this route only (never in the entry chunk):
// the same families the server burns in (contract CAPTION_FONTS), as woff2 from @fontsource, one
// weight each and the Latin subset only. The weights are listed in docs/decisions/create-flow.md
// so that the server's burned-in captions can use the same ones.
import type { CaptionFont } from '../../../contract';

export const CAPTION_FONT_WEIGHTS: Record<CaptionFont, number> = {
  Montserrat: 800,
  Anton: 400,
  Poppins: 600,
  'Bebas Neue': 400,
  // The burner's Noto Sans is the Bold file.
  'Noto Sans': 700,
};

const loaders: Record<CaptionFont, () => Promise<unknown>> = {
  Montserrat: () => import('@fontsource/montserrat/latin-800.css'),
  Anton: () => import('@fontsource/anton/latin-400.css'),
  Poppins: () => import('@fontsource/poppins/latin-600.css'),
  'Bebas Neue': () => import('@fontsource/bebas-neue/latin-400.css'),
  'Noto Sans': () => import('@fontsource/noto-sans/latin-700.css'),
};

const loaded = new Map<CaptionFont, Promise<unknown>>();

/** Starts loading one font's stylesheet (once); a failure falls back to the system font. */
export function loadCaptionFont(font: CaptionFont): Promise<unknown> {
  let pending = loaded.get(font);
  if (!pending) {
    pending = loaders[font]().catch(() => {
      loaded.delete(font);
    });
    loaded.set(font, pending);
  }
  return pending;
}

/** A CSS font-family with fallbacks of the same shape. */
export function captionFontFamily(font: CaptionFont): string {
  const condensed = font === 'Anton' || font === 'Bebas Neue';
  return `'${font}', ${condensed ? "'Arial Narrow', Impact" : 'Arial, Helvetica'}, sans-serif`;
}
