// Scene visuals as the render pipeline needs them: adapters (server/providers/visuals: built-in
// procedural art per style, an OpenAI-compatible image endpoint, Pexels stock) implement
// VisualProvider; the media layer takes the motion shape from here too.
import type { CaptionStyle } from '../../../contract/captions';
import type { ART_STYLES } from '../../../contract/permissions';
import { HEADLINE_FONTS } from '../../../contract/timeline';

export type ArtStyleName = (typeof ART_STYLES)[number];

/** A gentle camera move over a still image. `amount` is the share of the frame travelled
 *  (or grown, for zoom) over the scene, 0–0.2. */
export interface VisualMotion {
  pan: 'up' | 'down' | 'left' | 'right' | 'none';
  zoom: 'in' | 'out' | 'none';
  amount: number;
}

/** The shipped faces a headline can be set in (shared with the editor's timeline). */
export { HEADLINE_FONTS };
export type HeadlineFont = (typeof HEADLINE_FONTS)[number];

/**
 * A scene's key phrase as kinetic type: designed by the art (face, size, place, ink), animated in
 * by the burner with the style's entrance and laid over the moving still, so the type stays put
 * while the picture drifts. Lengths are shares of the frame (x, width: of its width; y, size,
 * tracking: of its height), so the cue does not depend on the pixel size it was designed at.
 */
export interface SceneHeadline {
  /** The phrase as set (case and the style's punctuation applied). */
  text: string;
  /** Picks the entrance and the treatment (outline, glow, shadow). */
  style: ArtStyleName;
  font: HeadlineFont;
  /** Anchor: the phrase's centre (align 'center') or its left end ('left'), on its centre line. */
  x: number;
  y: number;
  align: 'center' | 'left';
  /** Font size (the em). */
  size: number;
  /** Letter spacing. */
  tracking: number;
  /** Measured width of the set phrase. */
  width: number;
  /** The phrase's colour, and the style's second colour (glow, shadow, split), both #RRGGBB. */
  ink: string;
  accent: string;
}

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
  /** The script's topic (its title and first scene): what the built-in art pictures when a
   *  scene names nothing it can show. */
  topic?: string | null;
  /** The video's resolved caption style (null: no captions): the built-in art keeps the caption
   *  lines readable over the picture. */
  captions?: CaptionStyle | null;
}

/** Who made an openly licensed picture and under which licence, as recorded per scene. */
export interface VisualLicence {
  /** e.g. "CC BY 4.0", "Public Domain Mark 1.0". */
  name: string;
  url: string | null;
  author: string | null;
  title: string | null;
  /** The work's page at its source (Flickr, Wikimedia…). */
  source: string | null;
}

export interface SceneVisual {
  kind: 'image' | 'video';
  path: string;
  width: number;
  height: number;
  /** Credit line for stock or openly licensed media (Pexels terms, CC licences), else null. */
  attribution: string | null;
  /** The licence facts behind `attribution` when the file is under an open licence (Openverse). */
  licence?: VisualLicence;
  /** Label of the provider that made this file (e.g. "Built-in visuals (procedural, not AI)"). */
  label?: string;
  /** Set when the configured provider failed for this scene and the built-in art stood in:
   *  the plain-language reason, so the video can say which scenes are not what was asked for. */
  fallbackReason?: string;
  /** How the composer should move a still image; built-in art gives each style its own motion. */
  motion?: VisualMotion;
  /** The key phrase as kinetic type; only the built-in art sets one (photos and AI images carry
   *  no designed type, and uploads are the creator's own). */
  headline?: SceneHeadline;
}

export interface VisualProvider {
  /** 'builtin' | 'openai-images' | 'pexels' | 'openverse' */
  readonly id: string;
  /** e.g. "Built-in visuals (procedural, not AI)". */
  readonly label: string;
  sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual>;
}
