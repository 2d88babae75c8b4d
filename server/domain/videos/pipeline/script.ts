// Stage 1: the narration text. A script given in the request or a saved script was copied into
// the checkpoint when the video was queued (its price was computed from it); a prompt is handed
// to the configured script writer in the video's language.
import { DEFAULT_PROMPT_SECONDS } from '../create';
import type { Stage } from './context';

export const scriptStage: Stage = async ({ services, video, checkpoint, signal }) => {
  const { settings } = video;
  if (checkpoint.source) {
    return { script: { text: checkpoint.source.text, title: checkpoint.source.title ?? video.title, writer: settings.script_id ? 'saved script' : 'creator' } };
  }
  const written = await services.scriptWriter.write(
    { prompt: settings.prompt ?? video.title, videoDuration: settings.duration ?? DEFAULT_PROMPT_SECONDS, language: settings.language },
    signal,
  );
  return { script: { text: written.body, title: written.title, writer: services.scriptWriter.label } };
};
