// Runtime configuration, read once from the environment and validated with zod, so a typo in
// .env fails at start with a readable message instead of somewhere deep in a request.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PreflightLimits } from '../contract/preflight';
import { DEFAULT_TRANSCRIPTION_MAX_UPLOAD_MB } from '../contract/transcriptions';

// This module is a leaf: it imports nothing of the server's (lint enforces it), so every other
// module may read the configuration without an import circle. Shapes that providers and the
// domain take from it (token keys, speech to text) are declared here for that reason.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function tokenKeyMessage(name: string): string {
  return `${name} must be 32 bytes written as 64 hex characters or base64 (e.g. the output of: openssl rand -base64 32)`;
}

// Empty strings count as "not set": `.env` files and CI often carry `NAME=`.
/** all: HTTP and jobs (the default, one process); api: HTTP only; worker: jobs only (`npm run worker`). */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  HOST: optionalText.default('127.0.0.1'),
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(8080)),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalText,
  APP_URL: optionalText.pipe(z.url({ message: 'APP_URL must be an absolute URL such as https://reelflow.example.com' }).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText.default('Reelflow <no-reply@reelflow.local>'),
  LOGIN_RATE_LIMIT_MAX: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(5)),
  LOGIN_RATE_LIMIT_WINDOW: optionalText.default('1 minute'),
  ERROR_LOG_RATE_LIMIT_MAX: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(120)),
  RATE_LIMIT_CREDENTIALS_PER_ADDRESS: optionalText.default('30 per minute'),
  RATE_LIMIT_REGISTER: optionalText.default('20 per hour'),
  RATE_LIMIT_PASSWORD_CHANGE: optionalText.default('5 per minute'),
  RATE_LIMIT_LICENSE: optionalText.default('10 per minute'),
  RATE_LIMIT_GENERATE: optionalText.default('10 per minute'),
  RATE_LIMIT_VIDEOS: optionalText.default('10 per minute'),
  RATE_LIMIT_VIDEO_RESTART: optionalText.default('10 per minute'),
  RATE_LIMIT_VERSIONS: optionalText.default('10 per minute'),
  RATE_LIMIT_SERIES_EPISODES: optionalText.default('10 per hour'),
  SIMULATED_CLOCK: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['off', 'database'], { message: 'SIMULATED_CLOCK must be off or database' }).default('off')),
  RENDER_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(16).default(1)),
  PUBLISH_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(32).default(2)),
  ROLE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PROCESS_ROLES, { message: 'ROLE must be all, api or worker' }).default('all')),
  RATE_LIMIT_UPLOAD: optionalText.default('30 per minute'),
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json']).optional()),
  NODE_ENV: optionalText,
  STARTING_CREDITS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_LEVELS).default('info')),
  CLIENT_DIR: optionalText.default('dist/client'),
  LLM_BASE_URL: optionalText.pipe(z.url({ message: 'LLM_BASE_URL must be an absolute URL such as https://api.openai.com/v1' }).optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText.default('gpt-4o-mini'),
  WIKIPEDIA_GROUNDING: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['on', 'off'], { message: 'WIKIPEDIA_GROUNDING must be on or off' }).default('off')),
  WIKIPEDIA_BASE_URL: optionalText.default('https://en.wikipedia.org').pipe(z.url({ message: 'WIKIPEDIA_BASE_URL must be an absolute URL such as https://en.wikipedia.org' })),
  IMAGES_BASE_URL: optionalText.pipe(z.url({ message: 'IMAGES_BASE_URL must be an absolute URL such as https://api.openai.com/v1' }).optional()),
  IMAGES_API_KEY: optionalText,
  IMAGES_MODEL: optionalText.default('gpt-image-1'),
  IMAGES_SIZE: optionalText.pipe(z.string().regex(/^\d{2,5}x\d{2,5}$/, { message: 'IMAGES_SIZE must look like 1024x1792' }).optional()),
  PEXELS_API_KEY: optionalText,
  PEXELS_BASE_URL: optionalText.pipe(z.url({ message: 'PEXELS_BASE_URL must be an absolute URL such as https://api.pexels.com/v1/' }).optional()),
  PEXELS_VIDEOS_BASE_URL: optionalText.pipe(z.url({ message: 'PEXELS_VIDEOS_BASE_URL must be an absolute URL such as https://api.pexels.com/videos/' }).optional()),
  // Openly licensed photos from Openverse: no key needed, so it is off until asked for.
  OPENVERSE_ENABLED: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['on', 'off'], { message: 'OPENVERSE_ENABLED must be on or off' }).default('off')),
  OPENVERSE_BASE_URL: optionalText.default('https://api.openverse.org/v1/').pipe(z.url({ message: 'OPENVERSE_BASE_URL must be an absolute URL such as https://api.openverse.org/v1/' })),
  OPENVERSE_CLIENT_ID: optionalText,
  OPENVERSE_CLIENT_SECRET: optionalText,
  // Voices: each provider is offered when its key (or endpoint) is set.
  ELEVENLABS_API_KEY: optionalText,
  ELEVENLABS_BASE_URL: optionalText.default('https://api.elevenlabs.io').pipe(z.url({ message: 'ELEVENLABS_BASE_URL must be an absolute URL such as https://api.elevenlabs.io' })),
  ELEVENLABS_MODEL: optionalText.default('eleven_multilingual_v2'),
  LEMONFOX_API_KEY: optionalText,
  LEMONFOX_BASE_URL: optionalText.default('https://api.lemonfox.ai/v1').pipe(z.url({ message: 'LEMONFOX_BASE_URL must be an absolute URL such as https://api.lemonfox.ai/v1' })),
  OPENAI_TTS_BASE_URL: optionalText.pipe(z.url({ message: 'OPENAI_TTS_BASE_URL must be an absolute URL such as https://api.openai.com/v1' }).optional()),
  OPENAI_TTS_API_KEY: optionalText,
  OPENAI_TTS_MODEL: optionalText.default('gpt-4o-mini-tts'),
  OPENAI_TTS_VOICES: optionalText,
  RATE_LIMIT_VOICE_PREVIEW: optionalText.default('30 per minute'),
  RATE_LIMIT_MUSIC_PREVIEW: optionalText.default('60 per minute'),
  // Speech to text (server/providers/stt): explicit choice, else the first available.
  STT_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['openai', 'lemonfox', 'pocketsphinx', 'none'], { message: 'STT_PROVIDER must be openai, lemonfox, pocketsphinx or none' }).optional()),
  STT_OPENAI_BASE_URL: optionalText.pipe(z.url({ message: 'STT_OPENAI_BASE_URL must be an absolute URL such as https://api.openai.com/v1' }).optional()),
  STT_OPENAI_API_KEY: optionalText,
  STT_OPENAI_MODEL: optionalText.default('whisper-1'),
  STT_CHUNK_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(30, 'STT_CHUNK_SECONDS must be at least 30').max(3600, 'STT_CHUNK_SECONDS must be at most 3600').default(600)),
  POCKETSPHINX_PATH: optionalText,
  // Transcriptions: the largest upload the server takes, in MB (multipart and resumable).
  TRANSCRIPTION_MAX_UPLOAD_MB: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().positive('TRANSCRIPTION_MAX_UPLOAD_MB must be a positive number of megabytes').max(100_000).default(DEFAULT_TRANSCRIPTION_MAX_UPLOAD_MB),
  ),
  RATE_LIMIT_TRANSCRIPTIONS: optionalText.default('10 per minute'),
  RATE_LIMIT_CAPTION_RENDER: optionalText.default('10 per minute'),
  REELFLOW_TEST_MODE: optionalText,
  MEDIA_STORAGE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['disk', 's3'], { message: 'MEDIA_STORAGE must be disk or s3' }).default('disk')),
  S3_ENDPOINT: optionalText.pipe(z.url({ message: 'S3_ENDPOINT must be an absolute URL such as http://127.0.0.1:9000' }).optional()),
  S3_REGION: optionalText.default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText,
  MEDIA_URL_SECRET: optionalText.pipe(z.string().min(32, 'MEDIA_URL_SECRET must be at least 32 characters').optional()),
  // Publishing: platform tokens at rest and how often a user may start connecting.
  TOKEN_ENCRYPTION_KEY: optionalText.pipe(z.string().refine((v) => decodeTokenKey(v) !== null, tokenKeyMessage('TOKEN_ENCRYPTION_KEY')).optional()),
  TOKEN_ENCRYPTION_PREVIOUS_KEYS: optionalText.pipe(
    z
      .string()
      .refine((v) => v.split(',').every((key) => decodeTokenKey(key) !== null), tokenKeyMessage('each of TOKEN_ENCRYPTION_PREVIOUS_KEYS'))
      .optional(),
  ),
  RATE_LIMIT_CONNECT: optionalText.default('20 per 10 minutes'),
  RATE_LIMIT_CALENDAR_FEED: optionalText.default('60 per minute'),
  RATE_LIMIT_IMPORT_PREVIEW: optionalText.default('10 per minute'),
  // Publishing: YouTube through Google OAuth when both are set, else the built-in sandbox.
  YOUTUBE_CLIENT_ID: optionalText,
  YOUTUBE_CLIENT_SECRET: optionalText,
  YOUTUBE_AUTHORIZE_URL: optionalText.default('https://accounts.google.com/o/oauth2/v2/auth').pipe(z.url({ message: 'YOUTUBE_AUTHORIZE_URL must be an absolute URL' })),
  YOUTUBE_TOKEN_URL: optionalText.default('https://oauth2.googleapis.com/token').pipe(z.url({ message: 'YOUTUBE_TOKEN_URL must be an absolute URL' })),
  YOUTUBE_REVOKE_URL: optionalText.default('https://oauth2.googleapis.com/revoke').pipe(z.url({ message: 'YOUTUBE_REVOKE_URL must be an absolute URL' })),
  YOUTUBE_API_BASE: optionalText.default('https://www.googleapis.com/youtube/v3').pipe(z.url({ message: 'YOUTUBE_API_BASE must be an absolute URL such as https://www.googleapis.com/youtube/v3' })),
  YOUTUBE_UPLOAD_BASE: optionalText.default('https://www.googleapis.com/upload/youtube/v3').pipe(z.url({ message: 'YOUTUBE_UPLOAD_BASE must be an absolute URL such as https://www.googleapis.com/upload/youtube/v3' })),
  YOUTUBE_UPLOAD_CHUNK_BYTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(262_144).max(1_073_741_824).multipleOf(262_144, 'YOUTUBE_UPLOAD_CHUNK_BYTES must be a multiple of 262144 (256 KiB)').default(8_388_608),
  ),
  // Publishing: Instagram Reels through Instagram Login when both are set, else the sandbox.
  INSTAGRAM_CLIENT_ID: optionalText,
  INSTAGRAM_CLIENT_SECRET: optionalText,
  INSTAGRAM_AUTHORIZE_URL: optionalText.default('https://www.instagram.com/oauth/authorize').pipe(z.url({ message: 'INSTAGRAM_AUTHORIZE_URL must be an absolute URL' })),
  INSTAGRAM_TOKEN_URL: optionalText.default('https://api.instagram.com/oauth/access_token').pipe(z.url({ message: 'INSTAGRAM_TOKEN_URL must be an absolute URL' })),
  INSTAGRAM_GRAPH_BASE: optionalText.default('https://graph.instagram.com').pipe(z.url({ message: 'INSTAGRAM_GRAPH_BASE must be an absolute URL such as https://graph.instagram.com' })),
  INSTAGRAM_API_BASE: optionalText.default('https://graph.instagram.com/v22.0').pipe(z.url({ message: 'INSTAGRAM_API_BASE must be an absolute URL such as https://graph.instagram.com/v22.0' })),
  INSTAGRAM_POLL_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(1).max(600).default(15)),
  TIKTOK_CLIENT_KEY: optionalText,
  TIKTOK_CLIENT_SECRET: optionalText,
  TIKTOK_AUTHORIZE_URL: optionalText.default('https://www.tiktok.com/v2/auth/authorize/').pipe(z.url({ message: 'TIKTOK_AUTHORIZE_URL must be an absolute URL' })),
  TIKTOK_TOKEN_URL: optionalText.default('https://open.tiktokapis.com/v2/oauth/token/').pipe(z.url({ message: 'TIKTOK_TOKEN_URL must be an absolute URL' })),
  TIKTOK_REVOKE_URL: optionalText.default('https://open.tiktokapis.com/v2/oauth/revoke/').pipe(z.url({ message: 'TIKTOK_REVOKE_URL must be an absolute URL' })),
  TIKTOK_API_BASE: optionalText.default('https://open.tiktokapis.com').pipe(z.url({ message: 'TIKTOK_API_BASE must be an absolute URL such as https://open.tiktokapis.com' })),
  TIKTOK_WEB_BASE: optionalText.default('https://www.tiktok.com').pipe(z.url({ message: 'TIKTOK_WEB_BASE must be an absolute URL such as https://www.tiktok.com' })),
  TIKTOK_UPLOAD_CHUNK_BYTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(5_242_880, 'TIKTOK_UPLOAD_CHUNK_BYTES must be at least 5242880 (5 MB, TikTok\'s smallest chunk)')
      .max(67_108_864, 'TIKTOK_UPLOAD_CHUNK_BYTES must be at most 67108864 (64 MB, TikTok\'s largest chunk)')
      .default(10_485_760),
  ),
  SANDBOX_PLATFORMS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1', 'true', 'false'], { message: 'SANDBOX_PLATFORMS must be 1 or 0' }).default('1')),
  SANDBOX_PROCESSING_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(3600).default(2)),
  // Pre-flight and doubles: docs/decisions/publishing.md "Pre-flight and doubles".
  PUBLISH_MIN_GAP_MINUTES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(10_080).default(60)),
  PUBLISH_INSTAGRAM_MAX_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100_000).default(300)),
  // Resumable uploads: docs/decisions/transcription.md "Resumable uploads".
  UPLOAD_EXPIRY_HOURS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().max(24 * 365).default(24)),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres:// URL of a real server; undefined means embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Public base URL of the app, used in links sent by mail. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** POST /api/create/error per signed-in user and minute (a crash loop must not flood the log). */
  errorLogRateLimit: RateLimitSetting;
  /** Database-backed limits (server/domain/rate-limits), each "N per window". */
  rateLimits: RateLimits;
  /** Credits a new user receives; undefined means the plan's own starting credits. */
  startingCredits: number | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** 'pretty': short human lines (development); 'json': one JSON object a line (production). */
  logFormat: 'pretty' | 'json';
  /** NODE_ENV=production: no development hints (e.g. where unsent mail can be read). */
  production: boolean;
  clientDir: string;
  /** OpenAI-compatible chat endpoint for scripts; unset → the offline writer. */
  llm: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    /** The offline writer's fact source (WIKIPEDIA_GROUNDING=on): the English Wikipedia's public APIs; null: off. */
    wikipedia: { baseUrl: string; contact: string } | null;
  };
  /** Videos rendered at the same time per process (server or `npm run worker`). */
  renderConcurrency: number;
  /** Publish targets (uploads, status polls) worked at the same time per process. */
  publishConcurrency: number;
  /** 'database': the jobs read the time from a row the tests set (server/jobs/clock.ts); tests only. */
  simulatedClock: 'off' | 'database';
  /** What this process does: 'all' serves HTTP and runs jobs, 'api' only serves HTTP (it still queues jobs), 'worker' only runs jobs. */
  role: ProcessRole;
  /**
   * Resumable (tus) uploads: where they live, the largest accepted, how long a partial one is kept.
   * `s3` (set when MEDIA_STORAGE=s3): the uploads go to the media bucket under `uploads/`, so every
   * API process can resume any of them; null: they live in `directory`, on this machine only.
   */
  uploads: { directory: string; maxBytes: number; expiryMs: number; s3: S3Config | null };
  /** Pre-flight limits the server may change, and the gap between two posts on one account that warns. */
  publishChecks: { minGapMinutes: number; limits: Partial<PreflightLimits> };
  /** Scene visuals (server/providers/visuals): AI images, else Pexels stock, else built-in art. */
  visuals: {
    images: { baseUrl: string | undefined; apiKey: string | undefined; model: string; size: string | undefined };
    pexels: { apiKey: string | undefined; photosBaseUrl: string | undefined; videosBaseUrl: string | undefined };
    /** Openverse's openly licensed photos; the client credentials only raise its rate limits. */
    openverse: { enabled: boolean; baseUrl: string; clientId: string | undefined; clientSecret: string | undefined };
  };
  /** Speech providers besides the built-in voices (server/providers/tts). */
  speech: {
    elevenLabs: { apiKey: string | undefined; baseUrl: string; model: string };
    lemonfox: { apiKey: string | undefined; baseUrl: string };
    /** Unset baseUrl → not offered; the key is optional (local servers need none). */
    openAi: { baseUrl: string | undefined; apiKey: string | undefined; model: string; voices: string[] | undefined };
  };
  /** Speech to text (server/providers/stt, createSpeechToText picks the engine). */
  transcription: TranscriptionSettings;
  /** REELFLOW_TEST_MODE=1: enables fault injection for the browser tests. Never in production. */
  testMode: boolean;
  /** Where media lives (server/media/storage) and how its URLs are signed. */
  media: MediaConfig;
  /** Encryption of platform tokens at rest (server/domain/social/token-crypto.ts). */
  tokenEncryption: TokenEncryptionConfig;
  /** Social platforms: real endpoints and the built-in sandbox. */
  social: SocialConfig;
}

export type MediaConfig = { storage: 'disk'; urlSecret: string | undefined } | { storage: 's3'; urlSecret: string | undefined; s3: S3Config };

/** MEDIA_STORAGE=s3: any S3-compatible store (server/media/storage/s3.ts takes these as they are). */
export interface S3Config {
  /** e.g. http://127.0.0.1:9000 for MinIO; undefined = AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface RateLimits {
  /** POST /api/login, /forgot-password, /reset-password per submitted email (any address). */
  credentialsPerAccount: RateLimitSetting;
  /** The same routes per client address (any email): spraying many accounts from one place. */
  credentialsPerAddress: RateLimitSetting;
  /** POST /api/register and /api/register-with-license per client address. */
  register: RateLimitSetting;
  /** POST /api/user/change-password per user: guesses of the current password. */
  passwordChange: RateLimitSetting;
  /** POST /validate-license and /api/register-with-license per client address. */
  license: RateLimitSetting;
  /** POST /api/generate-script per user. */
  generate: RateLimitSetting;
  /** POST /api/ai-videos per user. */
  videos: RateLimitSetting;
  /** POST /api/ai-videos/{id}/restart per user: each one runs the whole pipeline again. */
  videoRestart: RateLimitSetting;
  /** New versions of edited videos (POST /api/ai-videos/{id}/versions). */
  versions: RateLimitSetting;
  /** POST /api/series/{id}/generate-next and /sample per user: each one writes and renders a video. */
  seriesEpisodes: RateLimitSetting;
  /** Voice previews (POST /api/lemonfox-preview, /api/voices/preview) per user; cached previews count too. */
  voicePreview: RateLimitSetting;
  /** GET /api/builtin-music/{id}/preview per client address (public; the first one of a track renders it). */
  musicPreview: RateLimitSetting;
  /** POST /api/upload-music and /api/media per user: each upload runs ffprobe/ffmpeg. */
  upload: RateLimitSetting;
  /** GET /api/{platform}/connect per user: each one stores an OAuth state. */
  connect: RateLimitSetting;
  /** GET /api/schedule/calendar.ics per client address (the token is the auth: no user yet). */
  calendarFeed: RateLimitSetting;
  /** POST /api/schedule/import/preview per user: each one parses a CSV and tries up to 500 posts. */
  importPreview: RateLimitSetting;
  /** POST /api/transcriptions per user (each stores a file and runs a speech engine). */
  transcriptions: RateLimitSetting;
  /** POST /api/transcriptions/{id}/render per user: each one burns captions into the whole video. */
  captionRender: RateLimitSetting;
}

export interface SocialConfig {
  /** SANDBOX_PLATFORMS: the built-in sandboxes stand in for platforms without a client id. */
  sandbox: { enabled: boolean; processingMs: number };
  youtube: {
    /** Both set: real Google OAuth and YouTube; otherwise the sandbox (when enabled). */
    clientId: string | undefined;
    clientSecret: string | undefined;
    authorizeUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    apiBase: string;
    uploadBase: string;
    chunkBytes: number;
  };
  instagram: {
    /** Both set: real Instagram Login and graph.instagram.com; otherwise the sandbox (when enabled). */
    clientId: string | undefined;
    clientSecret: string | undefined;
    authorizeUrl: string;
    tokenUrl: string;
    /** Unversioned host of /access_token and /refresh_access_token. */
    graphBase: string;
    /** Versioned Graph API base ([?] the version): /me, /{ig-user-id}/media… */
    apiBase: string;
    /** Between container status checks. */
    pollMs: number;
  };
  tiktok: {
    /** Both set: real TikTok Login Kit and Content Posting API; otherwise the sandbox (when enabled). */
    clientKey: string | undefined;
    clientSecret: string | undefined;
    authorizeUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    apiBase: string;
    webBase: string;
    /** 5–64 MB (TikTok's chunk rule). */
    chunkBytes: number;
  };
}

export interface RateLimitSetting {
  max: number;
  windowMs: number;
}

export class ConfigError extends Error {}

export const TOKEN_KEY_BYTES = 32;

/** A token encryption key as an operator writes it: its 32 bytes, or null when `text` is not 32 bytes in hex or base64 / base64url. */
export function decodeTokenKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === TOKEN_KEY_BYTES ? bytes : null;
}

export interface TokenEncryptionConfig {
  /** TOKEN_ENCRYPTION_KEY (validated here), or undefined for the key kept in the database. */
  key: string | undefined;
  /** TOKEN_ENCRYPTION_PREVIOUS_KEYS: older keys that still decrypt. */
  previousKeys: readonly string[];
}

export type TranscriptionEngineId = 'openai' | 'lemonfox' | 'pocketsphinx';
export type SttProviderChoice = TranscriptionEngineId | 'none';

/** Speech to text as configured (server/providers/stt's createSpeechToText picks the engine). */
export interface TranscriptionSettings {
  /** STT_PROVIDER; undefined = the first available in the documented order. */
  provider: SttProviderChoice | undefined;
  openAi: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
  lemonfox: { apiKey: string | undefined; baseUrl: string };
  /** POCKETSPHINX_PATH; undefined = look for pocketsphinx_continuous / pocketsphinx on PATH. */
  pocketsphinxPath: string | undefined;
  chunkSeconds: number;
}

const UNIT_MS: Record<string, number> = { ms: 1, millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** "1 minute", "30 seconds", "hour" → milliseconds, or null when not understood. */
export function parseWindow(text: string): number | null {
  const match = /^(\d+)?\s*(ms|millisecond|second|minute|hour|day)s?$/i.exec(text.trim());
  if (!match) return null;
  const amount = match[1] === undefined ? 1 : Number(match[1]);
  return amount > 0 ? amount * UNIT_MS[match[2]!.toLowerCase()]! : null;
}

/** "10 per minute", "20 per 1 hour", "5/30 seconds" → a limit, or null when not understood. */
export function parseRateLimit(text: string): RateLimitSetting | null {
  const match = /^(\d+)\s*(?:per|\/)\s*(.+)$/i.exec(text.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const windowMs = parseWindow(match[2]!);
  return max >= 1 && windowMs !== null ? { max, windowMs } : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL) ? e.DATABASE_URL : undefined;
  if (e.DATABASE_URL && !databaseUrl) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: must start with postgres:// (leave it empty for the embedded database)');
  }
  // An API-only process leaves the jobs to workers, which the embedded database (one process) cannot have.
  if (e.ROLE === 'api' && !databaseUrl) {
    throw new ConfigError('Invalid configuration:\n  ROLE: api needs DATABASE_URL (a shared Postgres the workers also use); with the embedded database leave ROLE unset');
  }
  if (Boolean(e.OPENVERSE_CLIENT_ID) !== Boolean(e.OPENVERSE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  OPENVERSE_CLIENT_ID and OPENVERSE_CLIENT_SECRET go together (set both, or neither for anonymous access)');
  }
  const loginWindowMs = /^\d/.test(e.LOGIN_RATE_LIMIT_WINDOW.trim()) ? parseWindow(e.LOGIN_RATE_LIMIT_WINDOW) : null;
  if (loginWindowMs === null) {
    throw new ConfigError(`Invalid configuration:\n  LOGIN_RATE_LIMIT_WINDOW: expected e.g. "1 minute" or "30 seconds", got "${e.LOGIN_RATE_LIMIT_WINDOW}"`);
  }
  const limit = (name: keyof typeof e & `RATE_LIMIT_${string}`): RateLimitSetting => {
    const parsed = parseRateLimit(String(e[name]));
    if (!parsed) throw new ConfigError(`Invalid configuration:\n  ${name}: expected e.g. "10 per minute" or "20 per 1 hour", got "${String(e[name])}"`);
    return parsed;
  };
  const rateLimits: RateLimits = {
    credentialsPerAccount: { max: e.LOGIN_RATE_LIMIT_MAX, windowMs: loginWindowMs },
    credentialsPerAddress: limit('RATE_LIMIT_CREDENTIALS_PER_ADDRESS'),
    register: limit('RATE_LIMIT_REGISTER'),
    passwordChange: limit('RATE_LIMIT_PASSWORD_CHANGE'),
    license: limit('RATE_LIMIT_LICENSE'),
    generate: limit('RATE_LIMIT_GENERATE'),
    videos: limit('RATE_LIMIT_VIDEOS'),
    videoRestart: limit('RATE_LIMIT_VIDEO_RESTART'),
    versions: limit('RATE_LIMIT_VERSIONS'),
    seriesEpisodes: limit('RATE_LIMIT_SERIES_EPISODES'),
    voicePreview: limit('RATE_LIMIT_VOICE_PREVIEW'),
    musicPreview: limit('RATE_LIMIT_MUSIC_PREVIEW'),
    upload: limit('RATE_LIMIT_UPLOAD'),
    connect: limit('RATE_LIMIT_CONNECT'),
    calendarFeed: limit('RATE_LIMIT_CALENDAR_FEED'),
    importPreview: limit('RATE_LIMIT_IMPORT_PREVIEW'),
    transcriptions: limit('RATE_LIMIT_TRANSCRIPTIONS'),
    captionRender: limit('RATE_LIMIT_CAPTION_RENDER'),
  };
  const production = e.NODE_ENV === 'production';
  const media = mediaConfig(e);
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl,
    appUrl: (e.APP_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    errorLogRateLimit: { max: e.ERROR_LOG_RATE_LIMIT_MAX, windowMs: 60_000 },
    rateLimits,
    startingCredits: e.STARTING_CREDITS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    production,
    clientDir: resolve(e.CLIENT_DIR),
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      wikipedia: e.WIKIPEDIA_GROUNDING === 'on' ? { baseUrl: e.WIKIPEDIA_BASE_URL.replace(/\/+$/, ''), contact: (e.APP_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, '') } : null,
    },
    renderConcurrency: e.RENDER_CONCURRENCY,
    publishConcurrency: e.PUBLISH_CONCURRENCY,
    role: e.ROLE,
    simulatedClock: e.SIMULATED_CLOCK,
    uploads: {
      directory: resolve(e.DATA_DIR, 'uploads'),
      maxBytes: Math.floor(e.TRANSCRIPTION_MAX_UPLOAD_MB * 1024 * 1024),
      expiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
      s3: media.storage === 's3' ? media.s3 : null,
    },
    publishChecks: { minGapMinutes: e.PUBLISH_MIN_GAP_MINUTES, limits: { instagramMaxBytes: e.PUBLISH_INSTAGRAM_MAX_MB * 1024 * 1024 } },
    visuals: {
      images: { baseUrl: e.IMAGES_BASE_URL, apiKey: e.IMAGES_API_KEY, model: e.IMAGES_MODEL, size: e.IMAGES_SIZE },
      pexels: { apiKey: e.PEXELS_API_KEY, photosBaseUrl: e.PEXELS_BASE_URL, videosBaseUrl: e.PEXELS_VIDEOS_BASE_URL },
      openverse: { enabled: e.OPENVERSE_ENABLED === 'on', baseUrl: e.OPENVERSE_BASE_URL, clientId: e.OPENVERSE_CLIENT_ID, clientSecret: e.OPENVERSE_CLIENT_SECRET },
    },
    speech: {
      elevenLabs: { apiKey: e.ELEVENLABS_API_KEY, baseUrl: e.ELEVENLABS_BASE_URL, model: e.ELEVENLABS_MODEL },
      lemonfox: { apiKey: e.LEMONFOX_API_KEY, baseUrl: e.LEMONFOX_BASE_URL },
      openAi: {
        baseUrl: e.OPENAI_TTS_BASE_URL,
        apiKey: e.OPENAI_TTS_API_KEY,
        model: e.OPENAI_TTS_MODEL,
        voices: e.OPENAI_TTS_VOICES?.split(',').map((voice) => voice.trim()).filter(Boolean),
      },
    },
    transcription: {
      provider: e.STT_PROVIDER,
      openAi: { baseUrl: e.STT_OPENAI_BASE_URL, apiKey: e.STT_OPENAI_API_KEY, model: e.STT_OPENAI_MODEL },
      lemonfox: { apiKey: e.LEMONFOX_API_KEY, baseUrl: e.LEMONFOX_BASE_URL },
      pocketsphinxPath: e.POCKETSPHINX_PATH,
      chunkSeconds: e.STT_CHUNK_SECONDS,
    },
    testMode: e.REELFLOW_TEST_MODE === '1' || e.REELFLOW_TEST_MODE === 'true',
    media,
    tokenEncryption: {
      key: e.TOKEN_ENCRYPTION_KEY,
      previousKeys: (e.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    },
    social: {
      sandbox: { enabled: e.SANDBOX_PLATFORMS === '1' || e.SANDBOX_PLATFORMS === 'true', processingMs: Math.round(e.SANDBOX_PROCESSING_SECONDS * 1000) },
      youtube: {
        clientId: e.YOUTUBE_CLIENT_ID,
        clientSecret: e.YOUTUBE_CLIENT_SECRET,
        authorizeUrl: e.YOUTUBE_AUTHORIZE_URL,
        tokenUrl: e.YOUTUBE_TOKEN_URL,
        revokeUrl: e.YOUTUBE_REVOKE_URL,
        apiBase: e.YOUTUBE_API_BASE.replace(/\/+$/, ''),
        uploadBase: e.YOUTUBE_UPLOAD_BASE.replace(/\/+$/, ''),
        chunkBytes: e.YOUTUBE_UPLOAD_CHUNK_BYTES,
      },
      instagram: {
        clientId: e.INSTAGRAM_CLIENT_ID,
        clientSecret: e.INSTAGRAM_CLIENT_SECRET,
        authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL,
        tokenUrl: e.INSTAGRAM_TOKEN_URL,
        graphBase: e.INSTAGRAM_GRAPH_BASE.replace(/\/+$/, ''),
        apiBase: e.INSTAGRAM_API_BASE.replace(/\/+$/, ''),
        pollMs: Math.round(e.INSTAGRAM_POLL_SECONDS * 1000),
      },
      tiktok: {
        clientKey: e.TIKTOK_CLIENT_KEY,
        clientSecret: e.TIKTOK_CLIENT_SECRET,
        authorizeUrl: e.TIKTOK_AUTHORIZE_URL,
        tokenUrl: e.TIKTOK_TOKEN_URL,
        revokeUrl: e.TIKTOK_REVOKE_URL,
        apiBase: e.TIKTOK_API_BASE.replace(/\/+$/, ''),
        webBase: e.TIKTOK_WEB_BASE.replace(/\/+$/, ''),
        chunkBytes: e.TIKTOK_UPLOAD_CHUNK_BYTES,
      },
    },
  };
}

const isTrue = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

function mediaConfig(e: z.output<typeof envSchema>): MediaConfig {
  if (e.MEDIA_STORAGE === 'disk') return { storage: 'disk', urlSecret: e.MEDIA_URL_SECRET };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when MEDIA_STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither (neither = the AWS default credential chain)');
  }
  return {
    storage: 's3',
    urlSecret: e.MEDIA_URL_SECRET,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: isTrue(e.S3_FORCE_PATH_STYLE),
    },
  };
}

/**
 * For entry points: reads ./.env when present (variables already set win), then loads the config
 * or prints the problem and exits 1 — no stack trace for a config typo.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    if (env === process.env) loadDotEnv();
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads ./.env into process.env when it exists; variables already set are kept. */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
