// Step 2 of a version: a picture for every scene whose visual was swapped for "make a new one"
// (in the video's art style, or stock from the search words, by the configured visual service,
// which falls back to the built-in art per scene). Pictures the creator kept are not touched.
import { extname, join } from 'node:path';
import { FRAME_SIZES } from '../../../../contract/videos';
import { needsVisual, timelineCaptionStyle, type TimelineScene } from '../../../../contract/timeline';
import type { SceneVisualRequest } from '../../ports/visuals';
import type { VersionContext } from './context';

const CONTENT_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.webm': 'video/webm' };

/** Search words from a prompt: its longer words, in order, without repeats. */
export function keywordsOf(prompt: string): string[] {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
  return [...new Set(words)].slice(0, 6);
}

export async function drawScenes(context: VersionContext): Promise<void> {
  const { services, timeline, prefix, workDir, version, signal } = context;
  const wanted = timeline.scenes.map((scene, index) => ({ scene, index })).filter(({ scene }) => needsVisual(scene));
  if (wanted.length === 0) return;
  const { width, height } = FRAME_SIZES[timeline.aspect_ratio];
  const style = timelineCaptionStyle(timeline);
  const topic = timeline.scenes[0]?.text ?? null;
  let done = 0;
  for (const { scene, index } of wanted) {
    const prompt = scene.visual.prompt.trim() || scene.text;
    const request: SceneVisualRequest = {
      prompt,
      keywords: keywordsOf(prompt),
      artStyle: timeline.art_style,
      width,
      height,
      index,
      duration: scene.duration,
      outputBase: join(workDir, `visual-${scene.id}`),
      topic,
      captions: style.enabled ? style : null,
    };
    const visual = await services.visuals.sceneVisual(request, signal);
    const key = `edits/v${version.version}-visual-${scene.id}${extname(visual.path)}`;
    await services.storage.putFile(`${prefix}${key}`, visual.path, CONTENT_TYPES[extname(visual.path).toLowerCase()] ?? 'application/octet-stream');
    applyVisual(scene, { asset: `v/${key}`, kind: visual.kind, motion: visual.motion ?? null, headline: visual.headline ?? null, attribution: visual.attribution });
    context.checkpoint.drawn = { ...context.checkpoint.drawn, [scene.id]: { asset: `v/${key}`, kind: visual.kind } };
    await context.save();
    context.progress(++done / wanted.length);
  }
}

export function applyVisual(scene: TimelineScene, made: Pick<TimelineScene['visual'], 'asset' | 'kind' | 'motion' | 'attribution'> & { headline: TimelineScene['visual']['headline'] }): void {
  scene.visual = { ...scene.visual, ...made, trim_start: 0 };
}
