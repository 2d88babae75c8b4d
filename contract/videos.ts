// AI videos and the music library. The spec shows only the list/show/restart/delete
// calls and `ai_video.video_src`; the create call and the full video shape are ours,
// documented in docs/decisions/videos.md.
import { z } from 'zod';
import type { SeriesLabel } from './series';
import { musicTrackChoice, type MusicMood } from './builtin-music';
import { captionSettings } from './captions';
import { ART_STYLES } from './permissions';
import { scriptLanguage, scriptTone } from './scripts';
import { videoVoice } from './voices';

export const VIDEO_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The pipeline's stages, in order. Each is checkpointed: a restart resumes at the first unfinished one. */
export const VIDEO_STAGES = ['script', 'scenes', 'voice', 'visuals', 'music', 'captions', 'render'] as const;
export type VideoStageName = (typeof VIDEO_STAGES)[number];

export const VIDEO_STAGE_LABELS: Record<VideoStageName, string> = {
  script: 'Writing the script',
  scenes: 'Planning scenes',
  voice: 'Recording the voice-over',
  visuals: 'Drawing the visuals',
  music: 'Mixing the music',
  captions: 'Timing the captions',
  render: 'Rendering the video',
};

export const ASPECT_RATIOS = ['9:16', '1:1', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** How the offline scene art is labelled wherever it shows up: it is procedural, not AI. */
export const BUILTIN_VISUALS_LABEL = 'Built-in visuals (procedural, not AI)';

export const FRAME_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '16:9': { width: 1920, height: 1080 },
};

/** The art style when none is chosen: one every plan allows. */
export const DEFAULT_ART_STYLE = 'cinematic';
/** Music volume under the voice (0–1) when the creator does not choose. */
export const DEFAULT_MUSIC_VOLUME = 0.25;

/**
 * How a video looks and sounds, apart from what it says: a video's create request carries these,
 * and a series locks them for every episode (contract/series.ts).
 */
export const videoStyleFields = {
  language: scriptLanguage.default('english'),
  /** How a script written from the prompt should sound (the faceless preset's tone). */
  tone: scriptTone.optional(),
  voice: videoVoice.optional(),
  art_style: z.enum(ART_STYLES, { message: 'The selected art style is invalid.' }).default(DEFAULT_ART_STYLE),
  music: z
    .object({
      /** A built-in track's id, one of the creator's tracks, or 'auto' (a built-in track whose mood fits the script). */
      track_id: musicTrackChoice,
      volume: z.number().min(0).max(1).default(DEFAULT_MUSIC_VOLUME),
    })
    .nullable()
    .optional(),
  caption_settings: captionSettings.optional(),
  aspect_ratio: z.enum(ASPECT_RATIOS, { message: 'The aspect ratio must be 9:16, 1:1 or 16:9.' }).default('9:16'),
  watermark: z.boolean().default(false),
};

export const createAiVideoRequest = z
  .object({
    id: z.uuid('The id field must be a valid UUID.').optional(),
    title: z.string().trim().max(200, 'The title field must not be greater than 200 characters.').optional(),
    script_id: z.uuid('The script id field must be a valid UUID.').optional(),
    script: z.string().trim().min(1, 'The script field is required.').max(20_000, 'The script field must not be greater than 20000 characters.').optional(),
    prompt: z.string().trim().min(3, 'The prompt field must be at least 3 characters.').max(2000, 'The prompt field must not be greater than 2000 characters.').optional(),
    /** Seconds wanted when a script is written from a prompt; otherwise the narration decides. */
    duration: z.coerce.number().int().min(5, 'The duration must be at least 5 seconds.').max(600, 'The duration must not be greater than 600 seconds.').optional(),
    ...videoStyleFields,
    /** The creator's own images or clips (ids from POST /api/media), one per scene in order; null = generated. */
    scene_media: z.array(z.uuid().nullable()).max(60).optional(),
  })
  .refine((body) => [body.script_id, body.script, body.prompt].filter((value) => value !== undefined).length === 1, {
    message: 'Give exactly one of script_id, script or prompt.',
    path: ['script'],
  });
export type CreateAiVideoRequest = z.input<typeof createAiVideoRequest>;
/** The request with every default filled: what the video stores as `settings`. */
export type AiVideoSettings = z.output<typeof createAiVideoRequest>;

export const listAiVideosQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(20),
  status: z.enum(VIDEO_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});

export interface VideoStage {
  name: VideoStageName;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  /** Plain-language reason when failed. */
  error: string | null;
}

export interface AiVideoMedia {
  /** Signed, expiring URL (owner only, range requests); null until completed. */
  video_src: string | null;
  thumbnail_src: string | null;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  size_bytes: number | null;
}

/** The music a video was mixed with (known once its music stage has run). */
export interface AiVideoMusic {
  track_id: string;
  title: string;
  /** The built-in track's mood; null for the creator's own track. */
  mood: MusicMood | null;
  /** Chosen by "Auto" from the script. */
  auto: boolean;
}

export interface AiVideo {
  id: string;
  title: string;
  status: VideoStatus;
  /** 0–100 over the whole pipeline. */
  progress: number;
  /** The stage running now (or that failed); null when queued or completed. */
  stage: VideoStageName | null;
  stages: VideoStage[];
  /** Plain-language reason of a failure; null otherwise. */
  error: string | null;
  credits_charged: number;
  settings: AiVideoSettings;
  /** null: no music, or not chosen yet (absent in answers of older servers). */
  music?: AiVideoMusic | null;
  created_at: string;
  updated_at: string;
  ai_video: AiVideoMedia;
  /**
   * Plain-text description with the video's credits (the script's sources, each stock or openly
   * licensed picture's author and licence, music), composed by the server once the video is
   * completed; '' before, or when nothing needs a credit. At most VIDEO_DESCRIPTION_MAX
   * characters. Optional only because rows a device cached before it existed lack it.
   */
  description?: string;
  /** The series this video is an episode of (My videos labels it); null when it is none's. */
  series?: SeriesLabel | null;
}

/** The longest description (YouTube's limit, the strictest of the platforms it is posted to). */
export const VIDEO_DESCRIPTION_MAX = 5000;

/** Credits for `seconds` of rendered video at a plan's price (always a whole number, at least 1). */
export function videoCost(seconds: number, creditsPerSecond: number): number {
  return Math.max(1, Math.ceil(seconds * creditsPerSecond));
}

/** Narration pace used to estimate a script's length: about 150 spoken words a minute. */
export const NARRATION_WORDS_PER_SECOND = 2.5;

/** Seconds a narration of `text` will take, roughly (the cost shown before creating); pass the
 *  voice's measured pace (contract/voice-pace.ts) when it is known. */
export function estimateNarrationSeconds(text: string, speed = 1, wordsPerSecond = NARRATION_WORDS_PER_SECOND): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / wordsPerSecond / speed));
}

// --- music library ------------------------------------------------------------------------------

export interface MusicTrack {
  id: string;
  title: string;
  /** Seconds. */
  duration: number;
  size_bytes: number;
  mime_type: string;
  /** Signed, expiring URL for its owner. */
  audio_src: string;
  created_at: string;
  updated_at: string;
}

/** Largest music upload accepted by POST /api/upload-music. */
export const MUSIC_UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

export const updateMusicRequest = z.object({
  title: z.string().trim().min(1, 'The title field is required.').max(200, 'The title field must not be greater than 200 characters.'),
});

/** An image or clip the creator uploaded for a scene (POST /api/media). */
export interface SceneMedia {
  id: string;
  kind: 'image' | 'video';
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  src: string;
  created_at: string;
}
