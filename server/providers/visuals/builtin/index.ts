// The offline default: per style, the things the scene names (Fluent Emoji pictures matched by
// keyword) composed on procedural scenery, drawn on the CPU with @napi-rs/canvas. It is labelled
// as what it is — built-in visuals, not AI — everywhere it shows up.
import { BUILTIN_VISUALS_LABEL } from '../../../../contract/videos';
import { writeFileAtomic } from '../files';
import type { ArtStyleName } from '../art-styles';
import type { SceneVisual, SceneVisualRequest, VisualProvider } from '../types';
import { renderSceneAsync, STYLE_MOTION } from './render';

export { drawScene, drawSceneArt, renderSceneArt, renderSceneArtAsync, renderSceneAsync, sceneSubjectOf, STYLE_DRAWERS, STYLE_MOTION, type DrawnScene, type SceneArtInput } from './render';

export { BUILTIN_VISUALS_LABEL };

/**
 * Styles of flat colour and hard pixel edges are saved as PNG (small, exact, no JPEG ringing);
 * the grainy, gradient-rich ones as JPEG at quality 92, because zlib on film grain costs
 * 0.3–0.6 s a 1080x1920 frame against ~40 ms for JPEG, and the composer re-encodes to H.264
 * anyway. Anime is JPEG too: its sky gradient and large pictures made its PNG the slowest frame
 * of all (125 ms against 50–85 ms), and at quality 92 its outlines show no ringing after H.264.
 */
export const LOSSLESS_STYLES: ReadonlySet<ArtStyleName> = new Set(['pixel-art', 'minimalist']);

export interface BuiltinVisualOptions {
  /** 'auto' (default): per style as above; 'png': always PNG. */
  format?: 'auto' | 'png';
}

export class BuiltinVisualProvider implements VisualProvider {
  readonly id = 'builtin';
  readonly label = BUILTIN_VISUALS_LABEL;

  constructor(private readonly options: BuiltinVisualOptions = {}) {}

  async sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    signal?.throwIfAborted();
    const png = this.options.format === 'png' || LOSSLESS_STYLES.has(request.artStyle);
    const { bytes, headline } = await renderSceneAsync({
      style: request.artStyle,
      prompt: request.prompt,
      topic: request.topic ?? null,
      ...(request.captions !== undefined ? { caption: request.captions } : {}),
      index: request.index,
      width: request.width,
      height: request.height,
      format: png ? 'png' : 'jpeg',
    });
    const path = `${request.outputBase}${png ? '.png' : '.jpg'}`;
    await writeFileAtomic(path, bytes);
    return {
      kind: 'image',
      path,
      width: Math.max(16, Math.round(request.width)),
      height: Math.max(16, Math.round(request.height)),
      attribution: null,
      label: BUILTIN_VISUALS_LABEL,
      motion: STYLE_MOTION[request.artStyle],
      ...(headline ? { headline } : {}),
    };
  }
}
