// Scene visuals (issue 8): one interface, adapters of one shape — built-in procedural art per
// style (offline, labelled as such), an OpenAI-compatible image endpoint, Pexels stock.
import type { VisualMotion } from '../../media/types';
import { ProviderError } from '../provider-error';
import type { ArtStyleName } from './art-styles';

// The motion shape belongs to the media layer (which must not import providers); re-exported here
// so adapters keep importing it from their own types.
export type { VisualMotion };

export interface SceneVisualRequest {
  /** What the scene is about (its narration, or a visual prompt derived from it). */
  prompt: string;
  /** A few search words for stock providers. */
  keywords: string[];
  artStyle: ArtStyleName;
  width: number;
  height: number;
  /** Scene index: a stable seed so a re-run draws the same picture. */
  index: number;
  /** Seconds the scene lasts (clips shorter than this are looped or slowed by the composer). */
  duration: number;
  /** Where to write the file; the adapter picks the extension and returns the full path. */
  outputBase: string;
}

export interface SceneVisual {
  kind: 'image' | 'video';
  path: string;
  width: number;
  height: number;
  /** Credit line for stock media (Pexels terms), else null. */
  attribution: string | null;
  /** Label of the provider that made this file (e.g. "Built-in visuals (procedural, not AI)"). */
  label?: string;
  /** Set when the configured provider failed for this scene and the built-in art stood in:
   *  the plain-language reason, so the video can say which scenes are not what was asked for. */
  fallbackReason?: string;
  /** How the composer should move a still image; built-in art gives each style its own motion. */
  motion?: VisualMotion;
}

export interface VisualProvider {
  /** 'builtin' | 'openai-images' | 'pexels' */
  readonly id: string;
  /** e.g. "Built-in visuals (procedural, not AI)". */
  readonly label: string;
  sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual>;
}

/** A picture provider refused or failed; see ProviderError for the kinds. */
export class VisualProviderError extends ProviderError {
  override name = 'VisualProviderError';
}
