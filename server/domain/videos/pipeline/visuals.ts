// Stage 4: one picture or clip per scene — the creator's own upload when they chose one, else the
// configured visual provider (which falls back to the built-in art for a scene it cannot deliver).
// Each finished scene is checkpointed at once, so a crash mid-way redraws only what is missing.
import { extname, join } from 'node:path';
import { resolveCaptionStyle } from '../../../../contract/captions';
import { FRAME_SIZES } from '../../../../contract/videos';
import type { SceneVisualRequest } from '../../ports/visuals';
import type { RenderedScene } from '../checkpoint';
import { CreatorCauseError } from './failures';
import type { Stage, StageContext } from './context';
import { sceneSpans } from './timing';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

async function uploadedScene(context: StageContext, mediaId: string, index: number): Promise<{ key: string; kind: 'image' | 'video' }> {
  const { services, video, prefix, workDir } = context;
  const found = (await services.sceneMedia(services.db, video.userId, [mediaId])).get(mediaId);
  if (!found || found.kind === 'audio') {
    throw new CreatorCauseError(`The image or clip you chose for scene ${index + 1} was deleted. Create the video again with another one.`);
  }
  // Copied under the video's folder: deleting the upload later must not break a restart.
  const local = await services.storage.download(found.key, join(workDir, `upload-${index}${extname(found.key)}`));
  const key = `${prefix}work/scene-${index}${extname(found.key)}`;
  await services.storage.putFile(key, local, contentTypeOf(local));
  return { key, kind: found.kind };
}

export const visualsStage: Stage = async (context) => {
  const { services, video, checkpoint, prefix, workDir } = context;
  const scenes = checkpoint.scenes ?? [];
  const voice = checkpoint.voice;
  if (!voice) throw new Error('visuals need the voice stage');
  const spans = sceneSpans(scenes, voice.words, voice.duration);
  const { width, height } = FRAME_SIZES[video.settings.aspect_ratio];
  const done: RenderedScene[] = [...(checkpoint.visuals ?? [])];
  // What the whole video is about, for scenes that name nothing picturable themselves.
  const topic = [checkpoint.script?.title, scenes[0]?.text].filter(Boolean).join('. ');
  const captions = resolveCaptionStyle(video.settings.caption_settings);
  for (let index = done.length; index < scenes.length; index++) {
    const scene = scenes[index]!;
    const span = spans[index]!;
    const mediaId = video.settings.scene_media?.[index] ?? null;
    let rendered: RenderedScene;
    if (mediaId) {
      const upload = await uploadedScene(context, mediaId, index);
      rendered = { ...upload, start: span.start, duration: span.duration, source: 'upload', attribution: null };
    } else {
      const request: SceneVisualRequest = {
        prompt: scene.prompt,
        keywords: scene.keywords,
        artStyle: video.settings.art_style,
        width,
        height,
        index,
        duration: span.duration,
        outputBase: join(workDir, `scene-${index}`),
        topic,
        captions: captions.enabled ? captions : null,
      };
      const provider = services.visuals;
      const visual = await provider.sceneVisual(request, context.signal);
      // A scene the configured service could not deliver was drawn by the built-in art instead.
      const source = visual.fallbackReason ? 'builtin' : provider.id;
      const key = `${prefix}work/scene-${index}${extname(visual.path)}`;
      await services.storage.putFile(key, visual.path, contentTypeOf(visual.path));
      rendered = {
        key,
        kind: visual.kind,
        start: span.start,
        duration: span.duration,
        source,
        attribution: visual.attribution,
        ...(visual.licence ? { licence: visual.licence } : {}),
        ...(visual.motion ? { motion: visual.motion } : {}),
        ...(visual.headline ? { headline: visual.headline } : {}),
        ...(visual.fallbackReason ? { fallbackReason: visual.fallbackReason } : {}),
      };
    }
    done.push(rendered);
    await context.saveCheckpoint({ visuals: done });
    context.progress(done.length / scenes.length);
  }
  return { visuals: done, visualsDone: true };
};
