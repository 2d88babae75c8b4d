// Step 1 of a version: every scene whose line or voice changed is read again — that scene alone,
// never the whole script. Its words become the scene's captions (re-timed with the new voice);
// its length follows the new reading, keeping the pause the creator had after the line.
import { createHash } from 'node:crypto';
import { durationFor, needsRecording, normaliseNarration, recordingSeconds, type TimelineScene } from '../../../../contract/timeline';
import { synthesizeNarration } from '../../../providers/tts';
import { defaultVoice, languageCode, providerFor } from '../../videos/pipeline/voice';
import type { VersionContext } from './context';

/** A new scene's pause after its line, seconds (a recorded scene keeps its own). */
export const NEW_SCENE_PAUSE = 0.25;

export async function recordScenes(context: VersionContext): Promise<void> {
  const { services, timeline, prefix, signal } = context;
  const stale = timeline.scenes.filter((scene) => needsRecording(scene, timeline.voice));
  if (stale.length === 0) return;
  const provider = providerFor(services, timeline.voice?.provider ?? 'builtin');
  const language = languageCode(timeline.language);
  const voiceId = timeline.voice ? timeline.voice.voice_id : await defaultVoice(provider, language, signal);
  const speed = timeline.voice?.speed ?? 1;
  let done = 0;
  for (const scene of stale) {
    const text = normaliseNarration(scene.text);
    const speech = await synthesizeNarration(provider, { text, voiceId, language, speed }, signal);
    const name = createHash('sha256').update(JSON.stringify([text, provider.id, voiceId, speed, language])).digest('hex').slice(0, 32);
    const key = `edits/voice-${name}.${speech.format}`;
    await services.storage.putBuffer(`${prefix}${key}`, speech.audio, speech.format === 'wav' ? 'audio/wav' : 'audio/mpeg');
    applyRecording(scene, { asset: `v/${key}`, seconds: speech.duration, words: speech.words, voice: timeline.voice });
    context.checkpoint.recorded = { ...context.checkpoint.recorded, [scene.id]: { asset: `v/${key}`, seconds: speech.duration } };
    await context.save();
    context.progress(++done / stale.length);
  }
}

/** The scene with its new reading: recording, captions on the new timings, length with its pause kept. */
export function applyRecording(
  scene: TimelineScene,
  made: { asset: string; seconds: number; words: Array<{ word: string; start: number; end: number }>; voice: NonNullable<TimelineScene['recording']>['voice'] },
): void {
  const pause = scene.recording ? Math.max(0, scene.duration - recordingSeconds(scene)) : NEW_SCENE_PAUSE;
  const words = made.words.map((word) => ({ word: word.word, start: word.start, end: Math.max(word.start, word.end) }));
  scene.recording = { asset: made.asset, from: 0, to: made.seconds, text: scene.text, voice: made.voice, words };
  scene.captions = words.map((word) => ({ ...word }));
  scene.duration = durationFor(made.seconds + pause);
}
