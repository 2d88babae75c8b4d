// POST /api/ai-videos: check what the plan allows, price the video, then charge the credits and
// queue the row in one transaction. A replay (same Idempotency-Key, or the same client-chosen id)
// answers the same video and never charges again. The render itself runs later (runner.ts).
import { and, eq } from 'drizzle-orm';
import { AUTO_MUSIC, builtinMusicTrack } from '../../../contract/builtin-music';
import { estimateNarrationSeconds, videoCost, type AiVideoSettings } from '../../../contract/videos';
import { writerReachMessage, writerReachSeconds } from '../../../contract/writer-reach';
import { LANGUAGE_CODES, type VoiceProviderId } from '../../../contract/voices';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import type { ScriptWriter } from '../ports/script-writer';
import { LEDGER_REASONS } from '../credits/costs';
import { checkMonthlyCharge, takeMonthlyCharge, type MonthlyCharge } from '../credits/monthly-charge';
import { FieldValidationError } from '../errors';
import { findStoredResponse, runIdempotent } from '../idempotency/idempotency';
import { PLAN_KEYS, PLANS, planFor, type PlanDefinition } from '../plans/plans';
import { PlanLimitError } from '../problems';
import { findMusicTrackRow } from '../media-library/music';
import { MissingMediaError } from '../media-library/paginate';
import { sceneMediaForRender } from '../media-library/scene-media';
import { findScript } from '../scripts/scripts';
import type { VideoCheckpoint } from './checkpoint';
import { pendingStages } from './videos';

export const VIDEO_ID_TAKEN = 'The id has already been taken.';
/** Narration length assumed for a prompt without a duration (the writer sizes the script to it). */
export const DEFAULT_PROMPT_SECONDS = 30;

export interface CreateVideoDeps {
  db: Db;
  scriptWriter: ScriptWriter;
  /** Whether the server can speak with this provider (has its key); absent = only built-in. */
  voiceProviderConfigured?: (provider: VoiceProviderId) => boolean;
  /** Whether the provider's voice list holds this voice (the list the voice picker shows). */
  voiceExists: (provider: VoiceProviderId, voiceId: string) => Promise<boolean>;
}

export interface CreateVideoInput {
  userId: number;
  idempotencyKey: string | undefined;
  path: string;
  /** The request body as sent (what an Idempotency-Key is bound to). */
  rawBody: unknown;
  settings: AiVideoSettings;
}

export interface CreateVideoResult {
  /** 202 when queued now, 200 when this video already existed (a repeated create). */
  status: number;
  videoId: string;
  replayed: boolean;
}

const titleCase = (text: string) => text.replace(/(^|[\s-])(\w)/g, (_m, space: string, letter: string) => space + letter.toUpperCase());

/** The lowest plan that satisfies `fits`, for "upgrade to …" messages. */
function planThatUnlocks(fits: (plan: PlanDefinition) => boolean): PlanDefinition | undefined {
  return PLAN_KEYS.map((key) => PLANS[key] as PlanDefinition).find(fits);
}

function checkArtStyle(plan: PlanDefinition, style: string): void {
  if (plan.allowedArtStyles === null || plan.allowedArtStyles.includes(style)) return;
  const unlocking = planThatUnlocks((candidate) => candidate.allowedArtStyles === null || candidate.allowedArtStyles.includes(style));
  const upgrade = unlocking ? ` It is included in the ${unlocking.name} plan.` : '';
  throw new PlanLimitError(`The ${titleCase(style)} art style is not included in your ${plan.name} plan.${upgrade} Choose another style or upgrade.`);
}

function checkLength(plan: PlanDefinition, seconds: number): void {
  if (seconds <= plan.video.maxSeconds) return;
  const unlocking = planThatUnlocks((candidate) => candidate.video.maxSeconds >= seconds);
  const upgrade = unlocking ? `, or upgrade to ${unlocking.name} for videos up to ${unlocking.video.maxSeconds} seconds` : '';
  throw new PlanLimitError(
    `Your ${plan.name} plan makes videos up to ${plan.video.maxSeconds} seconds and this one would run about ${seconds} seconds. Shorten the script${upgrade}.`,
  );
}

function monthlyVideoLimit(plan: PlanDefinition): number | null {
  const limit = plan.limits.videos_per_month;
  return limit && limit.value !== null ? limit.value : null;
}

function quotaProblem(plan: PlanDefinition, limit: number): PlanLimitError {
  return new PlanLimitError(`Your ${plan.name} plan includes ${limit} videos a month and they are used up. Upgrade your plan to make more this month.`);
}

const firstWords = (text: string, words = 8) => {
  const list = text.split(/\s+/).filter(Boolean);
  return list.slice(0, words).join(' ') + (list.length > words ? '…' : '');
};

/** What the narration will be, as far as it is known before rendering. */
async function narrationSource(deps: CreateVideoDeps, userId: number, settings: AiVideoSettings): Promise<VideoCheckpoint['source']> {
  if (settings.script !== undefined) return { text: settings.script, title: null };
  if (settings.script_id !== undefined) {
    const script = await findScript(deps.db, userId, settings.script_id).catch(() => {
      throw new FieldValidationError('script_id', 'The selected script id is invalid.');
    });
    return { text: script.body, title: script.title };
  }
  return undefined;
}

/** The chosen music track and scene media must be the creator's own, existing files. */
async function checkMedia(db: Db, userId: number, settings: AiVideoSettings): Promise<void> {
  if (settings.music && settings.music.track_id !== AUTO_MUSIC && !builtinMusicTrack(settings.music.track_id)) {
    const track = await findMusicTrackRow(db, userId, settings.music.track_id);
    if (!track) throw new FieldValidationError('music.track_id', 'The selected music track is not in your library.');
  }
  const ids = (settings.scene_media ?? []).filter((id): id is string => id !== null);
  if (ids.length > 0) {
    await sceneMediaForRender(db, userId, ids).catch((error: unknown) => {
      if (error instanceof MissingMediaError) throw new FieldValidationError('scene_media', 'An image or clip chosen for a scene is not in your library.');
      throw error;
    });
  }
}

function checkVoiceAndWriter(deps: CreateVideoDeps, settings: AiVideoSettings): void {
  const provider = settings.voice?.provider;
  if (provider && provider !== 'builtin' && !(deps.voiceProviderConfigured?.(provider) ?? false)) {
    throw new FieldValidationError('voice.provider', 'This voice provider is not set up on this server. Choose a built-in voice.');
  }
  if (settings.prompt !== undefined && deps.scriptWriter.languages && !deps.scriptWriter.languages.includes(settings.language)) {
    throw new FieldValidationError('language', `Writing a script in ${titleCase(settings.language)} needs a configured AI model. Give the script yourself, or choose another language.`);
  }
  if (!(settings.language in LANGUAGE_CODES)) throw new FieldValidationError('language', 'The selected language is invalid.');
}

/**
 * A writer that runs out of words before the length asked for would make a shorter video than was
 * paid for: say so first. The create flow makes the same check before Create (one function,
 * contract/writer-reach.ts); this one holds for any other client, and for a device that has not
 * pulled the writer's limit yet.
 */
export function checkWriterReach(writer: ScriptWriter, settings: AiVideoSettings): void {
  if (settings.prompt === undefined) return;
  const longest = writerReachSeconds(writer.maxWords, settings.voice, settings.language);
  const seconds = settings.duration ?? DEFAULT_PROMPT_SECONDS;
  if (longest !== null && seconds > longest) throw new FieldValidationError('duration', writerReachMessage(longest, seconds));
}

export const VOICE_INVALID = 'The selected voice is invalid.';

/** A voice that is not in its provider's list would only fail at render, after the charge. */
async function checkVoiceExists(deps: CreateVideoDeps, settings: AiVideoSettings): Promise<void> {
  if (settings.voice && !(await deps.voiceExists(settings.voice.provider, settings.voice.voice_id))) throw new FieldValidationError('voice.voice_id', VOICE_INVALID);
}

export async function createVideo(deps: CreateVideoDeps, input: CreateVideoInput, now = new Date()): Promise<CreateVideoResult> {
  const { db } = deps;
  const { settings, userId } = input;
  const idempotent = { userId, key: input.idempotencyKey, method: 'POST', path: input.path, body: input.rawBody };
  const earlier = await findStoredResponse(db, idempotent);
  if (earlier) return { status: earlier.status, videoId: (earlier.body as { id: string }).id, replayed: true };

  // The same client id again (an outbox retry after its key expired): that create happened.
  if (settings.id !== undefined) {
    const [existing] = await db.select({ userId: aiVideos.userId }).from(aiVideos).where(eq(aiVideos.id, settings.id));
    if (existing && existing.userId === userId) return { status: 200, videoId: settings.id, replayed: true };
    if (existing) throw new FieldValidationError('id', VIDEO_ID_TAKEN);
  }

  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('authenticated user not found');
  const plan = planFor(user.plan);
  checkArtStyle(plan, settings.art_style);
  checkVoiceAndWriter(deps, settings);
  await checkVoiceExists(deps, settings);
  await checkMedia(db, userId, settings);
  const source = await narrationSource(deps, userId, settings);
  const speed = settings.voice?.speed ?? 1;
  const estimatedSeconds = source ? estimateNarrationSeconds(source.text, speed) : (settings.duration ?? DEFAULT_PROMPT_SECONDS);
  checkLength(plan, estimatedSeconds);
  checkWriterReach(deps.scriptWriter, settings);
  const price = videoCost(estimatedSeconds, plan.video.creditsPerSecond);
  const charge: MonthlyCharge = {
    userId,
    amount: price,
    reason: LEDGER_REASONS.videoRender,
    limit: monthlyVideoLimit(plan),
    limitReached: (limit) => quotaProblem(plan, limit),
  };
  await checkMonthlyCharge(db, charge, user.credits, now);

  const id = settings.id ?? crypto.randomUUID();
  const title = settings.title || source?.title || (source ? firstWords(source.text) : firstWords(settings.prompt ?? 'Untitled video'));
  const checkpoint: VideoCheckpoint = { pricing: { price, creditsPerSecond: plan.video.creditsPerSecond, estimatedSeconds }, ...(source ? { source } : {}) };

  const result = await runIdempotent(db, idempotent, async (tx) => {
    await takeMonthlyCharge(tx, charge, now);
    const inserted = await tx
      .insert(aiVideos)
      .values({ id, userId, title, status: 'queued', stages: pendingStages(), settings: { ...settings, id }, checkpoint, creditsCharged: price })
      .onConflictDoNothing()
      .returning({ id: aiVideos.id });
    // A racing create took the id: this transaction (and its charge) is rolled back.
    if (inserted.length === 0) throw new FieldValidationError('id', VIDEO_ID_TAKEN);
    return { status: 202, body: { id } };
  });
  return { status: result.status, videoId: (result.body as { id: string }).id, replayed: result.replayed };
}

/** The row just created or found, for the route to answer with. */
export async function createdRow(db: Db, userId: number, id: string): Promise<AiVideoRow | undefined> {
  const [row] = await db
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId)));
  return row;
}
