// How each art style looks in the picker: a name, one line, a real frame of the built-in visuals
// in that style (rendered at build time, precached by the service worker) and a CSS swatch of its
// palette, shown while the frame loads or if it cannot.
import type { ART_STYLES } from '../../../contract';

export type ArtStyle = (typeof ART_STYLES)[number];

export interface ArtStyleLook {
  label: string;
  description: string;
  /** A CSS background for the swatch. */
  swatch: string;
}

/** The built-in engine's frame of a style (scripts/art-style-thumbnails.ts writes them). */
export function artStyleThumbnailUrl(style: ArtStyle): string {
  return `/art-styles/${style}.webp`;
}

export const ART_STYLE_LOOKS: Record<ArtStyle, ArtStyleLook> = {
  realistic: { label: 'Realistic', description: 'Natural light, true colours', swatch: 'linear-gradient(160deg, #8fb3c9 0%, #d9c7a7 55%, #6b7b4f 100%)' },
  cinematic: { label: 'Cinematic', description: 'Teal and orange, wide contrast', swatch: 'linear-gradient(160deg, #0b2a36 0%, #1d5c63 45%, #e0803a 100%)' },
  anime: { label: 'Anime', description: 'Bright flat colours, soft skies', swatch: 'linear-gradient(170deg, #7ec8ff 0%, #ffd1ec 55%, #ff7eb6 100%)' },
  comic: {
    label: 'Comic',
    description: 'Ink lines and halftone dots',
    swatch: 'radial-gradient(circle, #111 1.5px, transparent 2px) 0 0 / 8px 8px, linear-gradient(135deg, #ffde00 0%, #ff3b3b 100%)',
  },
  watercolor: { label: 'Watercolour', description: 'Washed pastels on paper', swatch: 'radial-gradient(circle at 30% 30%, #a7d8de 0%, transparent 55%), radial-gradient(circle at 70% 65%, #f4b6c2 0%, transparent 50%), #fbf6ec' },
  'pixel-art': {
    label: 'Pixel art',
    description: 'Chunky retro pixels',
    swatch: 'conic-gradient(#3a86ff 25%, #8338ec 0 50%, #3a86ff 0 75%, #8338ec 0) 0 0 / 12px 12px',
  },
  cyberpunk: { label: 'Cyberpunk', description: 'Neon on night-time blue', swatch: 'linear-gradient(160deg, #0d0221 0%, #261447 45%, #ff2a6d 80%, #05d9e8 100%)' },
  fantasy: { label: 'Fantasy', description: 'Glowing golds and deep purples', swatch: 'radial-gradient(circle at 50% 30%, #ffe29a 0%, transparent 45%), linear-gradient(170deg, #3c1e6e 0%, #7b3fa0 60%, #1b0f33 100%)' },
  minimalist: { label: 'Minimalist', description: 'Few shapes, calm space', swatch: 'linear-gradient(90deg, #f1f1ef 0 60%, #222 60% 63%, #f1f1ef 63%)' },
  vintage: { label: 'Vintage', description: 'Faded film and sepia', swatch: 'linear-gradient(160deg, #e8d5b0 0%, #b58b5a 60%, #5e3c22 100%)' },
};
