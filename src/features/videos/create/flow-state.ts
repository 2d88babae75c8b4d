// The create flow's state and the pure rules around it: defaults, pre-filling from the URL (the
// faceless gallery), the estimate behind the price, the request sent, and the checks run before
// creating — the contract's own schema plus what only the client knows (plan's max length,
// locked art styles, credits).
import {
  ART_STYLES,
  ASPECT_RATIOS,
  CAPTION_PRESETS,
  createAiVideoRequest,
  DEFAULT_ART_STYLE,
  DEFAULT_MUSIC_VOLUME,
  estimateNarrationSeconds,
  SCRIPT_LANGUAGES,
  SCRIPT_TONES,
  videoCost,
  voiceWordsPerSecond,
  writerReachMessage,
  writerReachSeconds,
  type AspectRatio,
  type CaptionSettings,
  type CreateAiVideoRequest,
  type PlanSummary,
  type ScriptTone,
  type VideoVoice,
} from '../../../../contract';
import type { ArtStyle } from '../../../ui/art-styles/art-styles';

export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];
export type ScriptSource = 'write' | 'saved' | 'topic';
export type StepId = 'script' | 'length' | 'voice' | 'style' | 'music' | 'captions' | 'review';
export const STEP_IDS: readonly StepId[] = ['script', 'length', 'voice', 'style', 'music', 'captions', 'review'];

export interface FlowState {
  source: ScriptSource;
  script: string;
  scriptId: string | null;
  prompt: string;
  /** Seconds wanted for a topic. */
  duration: number;
  /** How a script written from the topic should sound (a faceless style's tone); null: neutral. */
  tone: ScriptTone | null;
  language: ScriptLanguage;
  title: string;
  /** null = the built-in voice of the video's language (the server's default). */
  voice: (Pick<VideoVoice, 'provider' | 'voice_id'> & { name: string }) | null;
  speed: number;
  artStyle: ArtStyle;
  musicTrackId: string | null;
  musicVolume: number;
  caption: CaptionSettings;
  aspectRatio: AspectRatio;
  watermark: boolean;
  /** The creator's own uploaded visuals, scene 1 first; scenes past the list get the art style. */
  sceneMedia: SceneMediaItem[];
}

/** One uploaded picture or clip as the flow shows it (the server's SceneMedia, plus a local preview). */
export interface SceneMediaItem {
  id: string;
  name: string;
  kind: 'image' | 'video';
  /** An object URL of the picked file (the server's src needs the session), null for clips. */
  previewUrl: string | null;
}

/** The typed search params of /create-ai-video (all strings, see src/app/router.tsx). */
export interface CreateVideoSearch {
  style?: string;
  prompt?: string;
  duration?: string;
  language?: string;
  art_style?: string;
  caption_preset?: string;
  speed?: string;
  voice_gender?: string;
  aspect_ratio?: string;
  tone?: string;
}

export const DEFAULT_TOPIC_SECONDS = 30;
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 2;

export function defaultFlowState(): FlowState {
  return {
    source: 'write',
    script: '',
    scriptId: null,
    prompt: '',
    duration: DEFAULT_TOPIC_SECONDS,
    tone: null,
    language: 'english',
    title: '',
    voice: null,
    speed: 1,
    artStyle: DEFAULT_ART_STYLE,
    musicTrackId: null,
    musicVolume: DEFAULT_MUSIC_VOLUME,
    caption: { preset: 'bold-pop' },
    aspectRatio: '9:16',
    watermark: false,
    sceneMedia: [],
  };
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

function numberIn(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= min && parsed <= max ? parsed : undefined;
}

/** The flow pre-filled from the URL; anything unknown or out of range is ignored, not an error. */
export function initialFlowState(search: CreateVideoSearch): FlowState {
  const state = defaultFlowState();
  const prompt = search.prompt?.trim();
  if (prompt) {
    state.source = 'topic';
    state.prompt = prompt.slice(0, 2000);
  }
  state.duration = Math.round(numberIn(search.duration, 5, 600) ?? state.duration);
  state.language = oneOf(SCRIPT_LANGUAGES, search.language?.toLowerCase()) ?? state.language;
  state.artStyle = oneOf(ART_STYLES, search.art_style) ?? state.artStyle;
  state.caption = { preset: oneOf(CAPTION_PRESETS, search.caption_preset) ?? 'bold-pop' };
  state.speed = numberIn(search.speed, SPEED_MIN, SPEED_MAX) ?? state.speed;
  state.aspectRatio = oneOf(ASPECT_RATIOS, search.aspect_ratio) ?? state.aspectRatio;
  state.tone = oneOf(SCRIPT_TONES, search.tone) ?? null;
  return state;
}

/** Which gender the gallery asked for, to pre-select a fitting voice. */
export function preferredGender(search: CreateVideoSearch): 'female' | 'male' | 'neutral' | undefined {
  return oneOf(['female', 'male', 'neutral'] as const, search.voice_gender);
}

/** The saved script the flow may point at, as the estimate and the request need it. */
export interface SavedScriptRef {
  id: string;
  body: string;
  /** Only a script the server already has can be sent by id. */
  synced: boolean;
}

export interface Estimate {
  seconds: number;
  /** How the seconds were worked out, in words. */
  basis: 'topic' | 'narration';
  words: number;
}

/** The speed travels with a chosen voice (contract `voice.speed`); the default voice reads at 1×. */
export function effectiveSpeed(state: Pick<FlowState, 'voice' | 'speed'>): number {
  return state.voice ? state.speed : 1;
}

/** The video's length as the price is worked out: the topic's length, or the narration's. */
export function estimateSeconds(state: FlowState, saved: SavedScriptRef | undefined): Estimate {
  if (state.source === 'topic') return { seconds: state.duration, basis: 'topic', words: 0 };
  const text = state.source === 'saved' ? (saved?.body ?? '') : state.script;
  const words = text.split(/\s+/).filter(Boolean).length;
  return { seconds: words === 0 ? 0 : estimateNarrationSeconds(text, effectiveSpeed(state)), basis: 'narration', words };
}

/** Seconds the narration will really last with the chosen voice (its measured pace, contract/voice-pace.ts). */
export function spokenSeconds(state: FlowState, estimate: Estimate): number {
  if (estimate.basis === 'topic') return estimate.seconds;
  return estimate.words === 0 ? 0 : Math.round(estimate.words / voiceWordsPerSecond(state.voice, state.language) / effectiveSpeed(state));
}

/** A topic's length the script writer cannot fill with the chosen voice and speed. */
export interface WriterShortfall {
  /** The longest length it can fill, in whole seconds. */
  longest: number;
  /** Why, and what to do instead: the sentence the server answers with. */
  message: string;
}

/**
 * When the script written from the topic would come out shorter than asked: the check the server
 * makes before charging (contract/writer-reach.ts). null for the creator's own script, for a writer
 * without a limit, and while the writer is not known on this device (the server still checks).
 */
export function writerShortfall(state: FlowState, maxWords: number | null | undefined): WriterShortfall | null {
  if (state.source !== 'topic') return null;
  const voice = state.voice ? { provider: state.voice.provider, voice_id: state.voice.voice_id, speed: state.speed } : null;
  const longest = writerReachSeconds(maxWords, voice, state.language);
  if (longest === null || state.duration <= longest) return null;
  return { longest, message: writerReachMessage(longest, state.duration) };
}

export function quoteFor(estimate: Estimate, plan: PlanSummary | undefined): { credits: number; seconds: number } | null {
  if (!plan || estimate.seconds <= 0) return null;
  return { credits: videoCost(estimate.seconds, plan.video.credits_per_second), seconds: estimate.seconds };
}

/** The request sent (before the contract's defaults): only what the creator chose, plus the id. */
export function toRequest(state: FlowState, id: string, saved: SavedScriptRef | undefined): CreateAiVideoRequest {
  const source: Pick<CreateAiVideoRequest, 'script' | 'script_id' | 'prompt' | 'duration' | 'tone'> =
    state.source === 'topic'
      ? { prompt: state.prompt, duration: state.duration, ...(state.tone ? { tone: state.tone } : {}) }
      : state.source === 'saved'
        ? saved?.synced
          ? { script_id: saved.id }
          : { script: saved?.body ?? '' }
        : { script: state.script };
  const caption = Object.fromEntries(Object.entries(state.caption).filter(([, value]) => value !== undefined)) as CaptionSettings;
  return {
    id,
    ...(state.title.trim() ? { title: state.title.trim() } : {}),
    ...source,
    language: state.language,
    ...(state.voice ? { voice: { provider: state.voice.provider, voice_id: state.voice.voice_id, speed: state.speed } } : {}),
    art_style: state.artStyle,
    music: state.musicTrackId ? { track_id: state.musicTrackId, volume: state.musicVolume } : null,
    caption_settings: caption,
    aspect_ratio: state.aspectRatio,
    watermark: state.watermark,
    ...(state.sceneMedia.length > 0 ? { scene_media: state.sceneMedia.map((item) => item.id) } : {}),
  };
}

/** Flow field names (as the steps show errors) for a contract path. */
function fieldOf(path: readonly PropertyKey[], state: FlowState): string {
  const [head, second] = path.map(String);
  if (head === 'script' || head === 'script_id') return state.source === 'topic' ? 'prompt' : 'script';
  if (head === 'voice') return second === 'speed' ? 'speed' : 'voice';
  if (head === 'caption_settings') return `caption.${second ?? 'preset'}`;
  if (head === 'music') return 'music';
  if (head === 'art_style' || head === 'scene_media') return 'artStyle';
  if (head === 'aspect_ratio') return 'aspectRatio';
  return head ?? 'script';
}

export function stepOfField(field: string): StepId {
  if (field === 'script' || field === 'prompt') return 'script';
  if (field === 'duration' || field === 'language') return 'length';
  if (field === 'voice' || field === 'speed') return 'voice';
  if (field === 'artStyle') return 'style';
  if (field === 'music') return 'music';
  if (field.startsWith('caption') || field === 'aspectRatio' || field === 'watermark') return 'captions';
  return 'review';
}

export interface FlowContext {
  plan: PlanSummary | undefined;
  credits: number;
  isArtStyleAllowed: (style: string) => boolean;
  saved: SavedScriptRef | undefined;
}

/** Every problem that stops Create, by flow field ({} = ready). */
export function validateFlow(state: FlowState, id: string, context: FlowContext): Record<string, string> {
  const errors: Record<string, string> = {};
  if (state.source === 'saved' && !context.saved) errors.script = 'Choose one of your saved scripts.';
  const parsed = createAiVideoRequest.safeParse(toRequest(state, id, context.saved));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path, state);
      errors[field] ??= issue.message;
    }
  }
  const estimate = estimateSeconds(state, context.saved);
  const maxSeconds = context.plan?.video.max_seconds;
  if (maxSeconds !== undefined && estimate.seconds > maxSeconds) {
    const field = state.source === 'topic' ? 'duration' : 'script';
    errors[field] ??=
      state.source === 'topic'
        ? `Your plan makes videos of up to ${maxSeconds} seconds.`
        : `This script would run about ${estimate.seconds} seconds; your plan makes videos of up to ${maxSeconds} seconds. Shorten it or speed up the voice.`;
  }
  if (!context.isArtStyleAllowed(state.artStyle)) errors.artStyle ??= 'Your plan does not include this art style. Choose another one.';
  const quote = quoteFor(estimate, context.plan);
  if (quote && quote.credits > context.credits) {
    errors.credits = `This video costs ${quote.credits} credits and you have ${context.credits}.`;
  }
  return errors;
}
