// Stage 1: the narration text. A script given in the request or a saved script was copied into
// the checkpoint when the video was queued (its price was computed from it); a prompt is handed
// to the configured script writer in the video's language and the preset's tone, sized for the
// voice that will read it. The video's id is the writer's nonce: a retried stage writes the same
// script, another video from the same prompt a different one.
import { voiceWordsPerSecond } from '../../../../contract/voice-pace';
import { DEFAULT_PROMPT_SECONDS } from '../create';
import type { Stage } from './context';

export const scriptStage: Stage = async ({ services, video, checkpoint, signal }) => {
  const { settings } = video;
  if (checkpoint.source) {
    const writer = settings.script_id ? 'saved script' : 'creator';
    return { script: { text: checkpoint.source.text, title: checkpoint.source.title ?? video.title, writer, attribution: null, targetSeconds: null } };
  }
  const seconds = settings.duration ?? DEFAULT_PROMPT_SECONDS;
  const wordsPerSecond = voiceWordsPerSecond(settings.voice, settings.language) * (settings.voice?.speed ?? 1);
  const written = await services.scriptWriter.write(
    { prompt: settings.prompt ?? video.title, videoDuration: seconds, language: settings.language, tone: settings.tone, nonce: video.id, wordsPerSecond },
    signal,
  );
  return { script: { text: written.body, title: written.title, writer: services.scriptWriter.label, attribution: written.attribution ?? null, targetSeconds: seconds } };
};
