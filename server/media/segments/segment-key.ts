// A segment's key: the sha256 of everything that changes its pixels, in a canonical form, so two
// versions of a video share a scene's segment exactly when they would draw the same frames.
// Things that do not reach the pixels are normalised away (a clip's motion hint, a still's trim,
// the words of disabled captions), so they never cause a re-encode; the still's move is keyed by
// the drift it resolves to, so a default pan keyed at scene 2 matches any scene with that drift.
import { createHash } from 'node:crypto';
import { stillDrift } from '../filtergraph';
import type { SegmentKeyInput } from './types';

/** Bump whenever the segment encoder's output changes (filters, encoder settings, fonts, ASS writer). */
export const RENDERER_VERSION = 1;

/** Numbers to 6 decimals (float noise must not change a key), object keys sorted, undefined dropped. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('A segment key cannot hold a non-finite number.');
    return JSON.stringify(Math.round(value * 1e6) / 1e6 + 0);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  throw new TypeError(`A segment key cannot hold a ${typeof value}.`);
}

/** The canonical description that is hashed (exported for tests and for logging a key's cause). */
export function segmentKeyParts(input: SegmentKeyInput): Record<string, unknown> {
  if (!Number.isInteger(input.sceneIndex) || input.sceneIndex < 0) throw new RangeError('The scene index must be a whole number from 0.');
  const still = input.kind === 'image';
  const captions = input.captions.style.enabled
    ? { words: input.captions.words.map(({ word, start, end }) => ({ word, start, end })), style: input.captions.style }
    : null;
  return {
    renderer: RENDERER_VERSION,
    visual: input.contentId,
    kind: input.kind,
    drift: still ? stillDrift(input.motion ?? undefined, input.sceneIndex) : null,
    trimStart: still ? 0 : input.trimStart,
    frames: input.frames,
    width: input.width,
    height: input.height,
    fps: input.fps,
    captions,
    headline: input.headline,
    watermark: input.watermark,
  };
}

/** sha256 hex of the segment's canonical description. */
export function segmentKey(input: SegmentKeyInput): string {
  return createHash('sha256').update(canonicalJson(segmentKeyParts(input))).digest('hex');
}

export interface SoundtrackKeyInput {
  /** Each narration clip by its recording's content id (not its local path), span and place. */
  clips: Array<{ contentId: string; from: number; to: number; at: number }>;
  music: { contentId: string; volume: number; ducking: boolean; fadeIn: number; fadeOut: number } | null;
  duration: number;
}

/**
 * sha256 hex of what the soundtrack is made of, so an edit that leaves the sound alone (a caption
 * word, a picture, a motion) reuses the last version's mix instead of mixing it again.
 */
export function soundtrackKey(input: SoundtrackKeyInput): string {
  const music = input.music && input.music.volume > 0 ? input.music : null;
  const clips = [...input.clips].sort((a, b) => a.at - b.at).map(({ contentId, from, to, at }) => ({ contentId, from, to, at }));
  return createHash('sha256').update(canonicalJson({ renderer: RENDERER_VERSION, soundtrack: true, clips, music, duration: input.duration })).digest('hex');
}
