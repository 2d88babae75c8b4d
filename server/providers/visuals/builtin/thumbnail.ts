// One real frame per art style for the style picker: the same engine and the same scene for
// every style (a cat, the subject most creators recognise at a glance), small and without
// captions, so the styles compare like for like.
import type { ArtStyleName } from '../art-styles';
import { drawSceneArt } from './render';

export const THUMBNAIL_SCENE = 'Cats sleep up to sixteen hours a day.';
export const THUMBNAIL_SIZE = { width: 216, height: 384 } as const;

/** WebP bytes of the style's thumbnail; deterministic, so every build writes the same file. */
export function renderThumbnailFrame(style: ArtStyleName): Buffer {
  const canvas = drawSceneArt({ style, prompt: THUMBNAIL_SCENE, topic: null, caption: null, index: 0, ...THUMBNAIL_SIZE });
  return canvas.encodeSync('webp', 82);
}
