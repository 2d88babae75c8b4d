// Stage 6: karaoke captions as ASS, timed from the voice's word timings and styled by the
// video's caption settings (the same resolveCaptionStyle the flow's live preview uses), plus the
// built-in art's key phrase of each scene as kinetic type, timed to its scene. The preset "none"
// means no captions; the key phrases are burned in either way.
import { resolveCaptionStyle } from '../../../../contract/captions';
import { FRAME_SIZES } from '../../../../contract/videos';
import type { Stage } from './context';

export const captionsStage: Stage = async ({ services, video, checkpoint, prefix }) => {
  const style = resolveCaptionStyle(video.settings.caption_settings);
  const words = style.enabled ? (checkpoint.voice?.words ?? []) : [];
  // Read from the checkpoint, so a render resumed after the visuals keeps every scene's phrase.
  const headlines = (checkpoint.visuals ?? []).flatMap((scene) => (scene.headline ? [{ headline: scene.headline, start: scene.start, duration: scene.duration }] : []));
  if (words.length === 0 && headlines.length === 0) return { captions: { key: null } };
  const { width, height } = FRAME_SIZES[video.settings.aspect_ratio];
  const ass = services.captionsAss({ words, style, width, height, headlines });
  const key = `${prefix}work/captions.ass`;
  await services.storage.putBuffer(key, Buffer.from(ass, 'utf8'), 'text/x-ssa; charset=utf-8');
  return { captions: { key } };
};
