// The timeline of a video nobody has edited yet, read off what its render left behind (the
// checkpoint) and how it was asked for (the settings). It describes the video as rendered: every
// scene keeps its recording (a span of the one voice file) and its picture, so a timeline derived
// and then rendered again without a change makes nothing new and costs nothing. Videos made before
// some checkpoint fields existed still derive; what they lack takes its neutral value.
import { captionSettings, type WordTiming } from '../../../contract/captions';
import {
  defaultMotion,
  DEFAULT_TIMELINE_TAIL,
  TIMELINE_LIMITS,
  TIMELINE_MODEL,
  timelineHeadline,
  timelineMotion,
  timelineVoiceSettings,
  type Timeline,
  type TimelineMusic,
  type TimelineScene,
  type TimelineVisual,
  type TimelineVoiceSettings,
} from '../../../contract/timeline';
import type { AiVideoSettings } from '../../../contract/videos';
import { MUSIC_FADE_SECONDS } from '../../media/filtergraph';
import { ClientProblem } from '../problems';
import type { PlannedScene, RenderedScene, VideoCheckpoint } from '../videos/checkpoint';
import { sceneSpans } from '../videos/pipeline/timing';
import { videoPrefix } from '../videos/videos';

export const NOT_EDITABLE_MESSAGE = 'This video was made before videos could be edited and lacks what the editor needs. Make it again to edit it.';

const STOCK_SOURCES = new Set(['pexels', 'openverse']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The video row's fields a derivation reads. */
export interface DerivableVideo {
  id: string;
  userId: number;
  settings: AiVideoSettings;
  checkpoint: VideoCheckpoint;
}

/** `v/<path>` for a storage key under the video's folder; null for a file kept elsewhere. */
export function videoAssetName(prefix: string, key: string): string | null {
  return key.startsWith(prefix) && key.length > prefix.length ? `v/${key.slice(prefix.length)}` : null;
}

function sourceOf(rendered: RenderedScene): TimelineVisual['source'] {
  if (rendered.source === 'upload') return 'upload';
  return STOCK_SOURCES.has(rendered.source) ? 'stock' : 'generated';
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** Older plans may lack keywords or the word count; both follow from the text. */
function plannedScene(scene: Partial<PlannedScene> & { text: string }): PlannedScene {
  return { text: scene.text, prompt: scene.prompt ?? scene.text, keywords: scene.keywords ?? [], wordCount: scene.wordCount ?? wordsOf(scene.text).length };
}

/** The voice's words from `from` to `to` (by where each starts), on the scene's clock. */
function wordsInSpan(words: readonly WordTiming[], from: number, to: number, last: boolean): TimelineScene['captions'] {
  return words
    .filter((word) => word.start >= from && (last || word.start < to))
    .map((word) => ({ word: word.word.trim().slice(0, TIMELINE_LIMITS.word), start: Math.max(0, word.start - from), end: Math.max(0, word.end - from) }))
    .filter((word) => word.word.length > 0)
    .map((word) => ({ ...word, end: Math.max(word.start, word.end) }))
    .slice(0, TIMELINE_LIMITS.wordsPerScene);
}

/**
 * The still's move as rendered: its own hint, else the default pan of its place written out, so
 * reordering scenes later never changes how a picture moves. Clips have none.
 */
function motionOf(rendered: RenderedScene, index: number): TimelineVisual['motion'] {
  if (rendered.kind !== 'image') return null;
  const parsed = timelineMotion.safeParse(rendered.motion);
  return parsed.success ? parsed.data : defaultMotion(index);
}

/** The built-in art's headline, when it fits the model (one that does not is left out, never guessed). */
function headlineOf(rendered: RenderedScene): Pick<TimelineVisual, 'headline'> {
  if (!rendered.headline) return {};
  const parsed = timelineHeadline.safeParse(rendered.headline);
  return parsed.success ? { headline: parsed.data } : {};
}

function promptOf(planned: PlannedScene, source: TimelineVisual['source']): string {
  const prompt = source === 'stock' && planned.keywords.length > 0 ? planned.keywords.join(' ') : planned.prompt;
  return prompt.slice(0, TIMELINE_LIMITS.prompt);
}

function musicOf(checkpoint: VideoCheckpoint, settings: AiVideoSettings): TimelineMusic {
  const music = checkpoint.music;
  if (!music) return null;
  // Videos mixed before the checkpoint named the track: the creator's choice, unless it was "auto".
  const trackId = music.trackId ?? settings.music?.track_id;
  if (!trackId || !UUID.test(trackId)) return null;
  return {
    track_id: trackId.toLowerCase(),
    ...(music.title ? { title: music.title.slice(0, 200) } : {}),
    volume: Math.min(1, Math.max(0, music.volume)),
    ducking: true,
    fade_in: 0,
    fade_out: MUSIC_FADE_SECONDS,
  };
}

/** The caption style asked for; settings that no longer fit the model get the default style. */
function captionsOf(settings: AiVideoSettings): Timeline['captions'] {
  const parsed = captionSettings.safeParse(settings.caption_settings ?? {});
  return parsed.success ? parsed.data : captionSettings.parse({});
}

function voiceOf(settings: AiVideoSettings): TimelineVoiceSettings {
  const parsed = timelineVoiceSettings.safeParse(settings.voice ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * The timeline of a completed video as its first render made it. Each scene spans its picture's
 * time on screen; the last scene's duration stops where the narration does (the tail is the
 * timeline's own). Throws a 409 problem for a video whose checkpoint lacks the voice or pictures.
 */
export function deriveTimeline(video: DerivableVideo): Timeline {
  const { checkpoint, settings } = video;
  const voice = checkpoint.voice;
  const visuals = checkpoint.visuals ?? [];
  const planned = (checkpoint.scenes ?? []).map(plannedScene);
  if (!voice || visuals.length === 0 || planned.length < visuals.length) throw new ClientProblem(409, NOT_EDITABLE_MESSAGE);
  const prefix = videoPrefix(video.userId, video.id);
  const voiceAsset = videoAssetName(prefix, voice.key);
  if (!voiceAsset) throw new ClientProblem(409, NOT_EDITABLE_MESSAGE);
  const timelineVoice = voiceOf(settings);
  // The pipeline's own split (the visuals stage's), for pictures that predate their start times.
  const spans = sceneSpans(planned, voice.words, voice.duration);

  const scenes = visuals.map((rendered, index): TimelineScene => {
    const scene = planned[index]!;
    const last = index === visuals.length - 1;
    const start = Number.isFinite(rendered.start) ? rendered.start : spans[index]!.start;
    const shown = Number.isFinite(rendered.duration) ? rendered.duration : spans[index]!.duration;
    const from = Math.max(0, start);
    const to = Math.min(voice.duration, start + shown);
    const text = scene.text.trim().slice(0, TIMELINE_LIMITS.sceneText);
    const words = wordsInSpan(voice.words, from, to, last);
    const recorded = to - from > 0.001 && to - from <= TIMELINE_LIMITS.sceneSeconds;
    const recording = recorded ? { asset: voiceAsset, from, to, text, voice: timelineVoice, words } : null;
    // The last picture also covers the tail, which the timeline keeps apart from the scenes.
    const onScreen = last ? shown - DEFAULT_TIMELINE_TAIL : shown;
    const duration = Math.min(TIMELINE_LIMITS.sceneSeconds, Math.max(TIMELINE_LIMITS.minSceneSeconds, onScreen, recording ? to - from : 0));
    const source = sourceOf(rendered);
    const visualAsset = videoAssetName(prefix, rendered.key);
    return {
      id: `s${index + 1}`,
      text,
      recording,
      visual: {
        source,
        asset: visualAsset,
        kind: rendered.kind,
        prompt: promptOf(scene, source),
        motion: motionOf(rendered, index),
        trim_start: 0,
        ...headlineOf(rendered),
        attribution: rendered.attribution ? rendered.attribution.slice(0, 1000) : null,
      },
      duration,
      captions: words,
    };
  });

  return {
    model: TIMELINE_MODEL,
    aspect_ratio: settings.aspect_ratio ?? '9:16',
    language: settings.language ?? 'english',
    art_style: settings.art_style,
    voice: timelineVoice,
    scenes,
    music: musicOf(checkpoint, settings),
    captions: captionsOf(settings),
    watermark: settings.watermark ?? false,
    tail: DEFAULT_TIMELINE_TAIL,
  };
}
