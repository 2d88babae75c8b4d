// Series: a topic that becomes a new video on a cadence and publishes itself. The spec names the
// screens only; these calls are ours, in the spec's style (docs/decisions/series.md): Laravel
// paginators, 422 `{message, errors}`, a client-chosen uuid and an Idempotency-Key on every write.
import { z } from 'zod';
import { seriesCadence } from './series-cadence';
import { instagramOptions, tiktokOptions, type SocialPlatform } from './publishing';
import { videoCost, videoStyleFields } from './videos';
import { isTimeZone } from './time-zone';

export const SERIES_STATUSES = ['draft', 'active', 'paused'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** `review`: each episode waits for the creator's approval before its slot; `auto`: it publishes itself. */
export const REVIEW_MODES = ['review', 'auto'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

export const EPISODE_STATUSES = ['planned', 'writing', 'rendering', 'awaiting_review', 'scheduled', 'published', 'skipped', 'failed'] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];
export const EPISODE_STATUS_LABELS: Record<EpisodeStatus, string> = {
  planned: 'Planned',
  writing: 'Writing',
  rendering: 'Rendering',
  awaiting_review: 'Awaiting review',
  scheduled: 'Scheduled',
  published: 'Published',
  skipped: 'Skipped',
  failed: 'Failed',
};
/** An episode in one of these states will not change again by itself. */
export const SETTLED_EPISODE_STATUSES: readonly EpisodeStatus[] = ['published', 'skipped', 'failed'];

const uuid = (field: string) => z.uuid(`The ${field} must be a valid UUID.`);
const topicText = z.string().trim().min(3, 'A topic must be at least 3 characters.').max(200, 'A topic must not be greater than 200 characters.');

/** What the episodes are about: a niche the writer finds new topics in, the creator's own list (used in order, once each), or a prompt. */
export const seriesTopic = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('niche'), niche: z.string().trim().min(3, 'The niche must be at least 3 characters.').max(200, 'The niche must not be greater than 200 characters.') }),
    z.object({ mode: z.literal('list'), topics: z.array(topicText).min(1, 'Add at least one topic.').max(365, 'A list holds at most 365 topics.') }),
    z.object({ mode: z.literal('prompt'), prompt: z.string().trim().min(3, 'The prompt must be at least 3 characters.').max(2000, 'The prompt must not be greater than 2000 characters.') }),
  ],
  { message: 'Choose a niche, a list of topics or a prompt.' },
);
export type SeriesTopic = z.output<typeof seriesTopic>;

/** Locked for every episode: voice, art style, music, caption style, length, language, format. */
export const seriesStyle = z.object({
  /** Seconds of narration each episode aims for. */
  duration: z.coerce.number().int().min(5, 'The duration must be at least 5 seconds.').max(600, 'The duration must not be greater than 600 seconds.').default(30),
  ...videoStyleFields,
});
export type SeriesStyle = z.output<typeof seriesStyle>;

/**
 * Where episodes are posted: the creator's connected accounts and their per-platform options. The
 * YouTube title and the caption come from each episode (its title, the series' hashtags), so
 * the series keeps only what stays the same.
 */
export const seriesDestinations = z.object({
  account_ids: z.array(uuid('account id')).max(20).default([]),
  options: z
    .object({
      youtube: z.object({ privacy: z.enum(['public', 'unlisted', 'private']).default('public'), made_for_kids: z.boolean().default(false), category_id: z.string().regex(/^\d{1,3}$/).default('22') }).optional(),
      tiktok: tiktokOptions.optional(),
      instagram: instagramOptions.optional(),
    })
    .default({}),
});
export type SeriesDestinations = z.output<typeof seriesDestinations>;

/** Hours before a slot that an episode starts being made (writing, rendering, review). */
export const LEAD_HOURS = { min: 1, max: 72, default: 6 } as const;

const timeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'The time zone must be an IANA time zone such as Europe/Berlin.');

const hashtag = z
  .string()
  .trim()
  .regex(/^#?[\p{L}\p{N}_]{1,60}$/u, 'A hashtag is one word of letters, digits or _.')
  .transform((tag) => (tag.startsWith('#') ? tag : `#${tag}`));

/** The series' own words: name, description, default tags and hashtags (video-series/edit-meta). */
export const seriesMetaFields = {
  name: z.string().trim().min(1, 'The name field is required.').max(120, 'The name must not be greater than 120 characters.'),
  description: z.string().trim().max(2000, 'The description must not be greater than 2000 characters.'),
  tags: z.array(z.string().trim().min(1).max(100)).max(30, 'At most 30 tags.'),
  hashtags: z.array(hashtag).max(30, 'At most 30 hashtags.'),
};

/** Everything the wizard and the settings screen set. */
export const seriesSettingsFields = {
  topic: seriesTopic,
  style: seriesStyle,
  cadence: seriesCadence,
  time_zone: timeZone,
  destinations: seriesDestinations,
  review_mode: z.enum(REVIEW_MODES, { message: 'The review mode must be review or auto.' }),
  lead_hours: z.number().int().min(LEAD_HOURS.min, `Prepare at least ${LEAD_HOURS.min} hour ahead.`).max(LEAD_HOURS.max, `Prepare at most ${LEAD_HOURS.max} hours ahead.`),
  /** Credits the series may spend in a week (Monday to Sunday in its time zone); null: no cap. */
  weekly_credit_cap: z.number().int().min(1).max(1_000_000).nullable(),
};

/** What a series holds when the creator has not chosen (the wizard shows these). */
export const SERIES_DEFAULTS = { description: '', tags: [] as string[], hashtags: [] as string[], review_mode: 'review' as ReviewMode, lead_hours: LEAD_HOURS.default, weekly_credit_cap: null };

const wizardStep = z.number().int().min(0).max(20);

/**
 * POST /api/series: a new series, saved as a draft of the wizard (`status: 'draft'`, `wizard_step`
 * remembered, only the name required) or started at once (`status: 'active'`: topic, style,
 * cadence and time zone required). The client chooses the id so a series created offline keeps it.
 * Absent fields take SERIES_DEFAULTS.
 */
export const createSeriesRequest = z.object({
  id: uuid('id').optional(),
  status: z.enum(['draft', 'active'], { message: 'The status must be draft or active.' }).default('draft'),
  wizard_step: wizardStep.default(0),
  name: seriesMetaFields.name,
  description: seriesMetaFields.description.optional(),
  tags: seriesMetaFields.tags.optional(),
  hashtags: seriesMetaFields.hashtags.optional(),
  topic: seriesTopic.optional(),
  style: seriesStyle.optional(),
  cadence: seriesCadence.optional(),
  time_zone: timeZone.optional(),
  destinations: seriesDestinations.optional(),
  review_mode: seriesSettingsFields.review_mode.optional(),
  lead_hours: seriesSettingsFields.lead_hours.optional(),
  weekly_credit_cap: seriesSettingsFields.weekly_credit_cap.optional(),
});
export type CreateSeriesRequest = z.input<typeof createSeriesRequest>;

/**
 * PUT /api/series/{id}: any of the fields; absent means unchanged. `status` starts a draft, pauses
 * or resumes. Changes apply to episodes not rendered yet.
 */
export const updateSeriesRequest = createSeriesRequest.omit({ id: true, status: true, wizard_step: true, name: true }).extend({
  name: seriesMetaFields.name.optional(),
  status: z.enum(SERIES_STATUSES, { message: 'The status must be draft, active or paused.' }).optional(),
  wizard_step: wizardStep.optional(),
  /** Topics never to be made again (compared with each new topic like the history). */
  never_again: z.array(topicText).max(500).optional(),
});
export type UpdateSeriesRequest = z.input<typeof updateSeriesRequest>;

/** The settings a series needs before it can start, by field: what a draft still lacks. */
export const REQUIRED_TO_START = ['topic', 'style', 'cadence', 'time_zone', 'destinations'] as const;
export const REQUIRED_TO_START_MESSAGES: Record<(typeof REQUIRED_TO_START)[number], string> = {
  topic: 'Choose what the episodes are about before starting the series.',
  style: 'Choose the voice and look before starting the series.',
  cadence: 'Choose when episodes are posted before starting the series.',
  time_zone: 'Choose the time zone before starting the series.',
  destinations: 'Choose at least one account to post to before starting the series.',
};

/** The fields a series still lacks to start (empty: it can start). */
export function missingToStart(series: Partial<Record<(typeof REQUIRED_TO_START)[number], unknown>>): (typeof REQUIRED_TO_START)[number][] {
  return REQUIRED_TO_START.filter((field) => {
    const value = series[field];
    if (field === 'destinations') return ((value as SeriesDestinations | null | undefined)?.account_ids.length ?? 0) === 0;
    return value === undefined || value === null;
  });
}

export const listSeriesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum([...SERIES_STATUSES, 'attention'] as const).optional(),
});

export const listEpisodesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
});

/** POST /api/series/{id}/episodes/{episodeId}/reject: the creator's note for the writer's redo. */
export const rejectEpisodeRequest = z.object({
  note: z.string().trim().min(3, 'Say in a few words what to change.').max(500, 'The note must not be greater than 500 characters.'),
});

/** Why a series cannot run by itself right now (it is paused until the creator acts). */
export interface SeriesAttention {
  kind: 'reconnect' | 'account_missing' | 'plan';
  message: string;
  /** The account to reconnect, for `reconnect`. */
  account_id: string | null;
}

export interface SeriesStats {
  /** The next slot an episode will be posted at (ISO 8601); null when paused or a draft. */
  next_slot_at: string | null;
  episodes_this_month: number;
  /** Credits spent on the series' episodes this week (Monday–Sunday in its time zone). */
  credits_this_week: number;
  /** Credits a week at the cadence and the style's length on the creator's plan. */
  estimated_credits_per_week: number;
}

export interface Series {
  id: string;
  name: string;
  description: string;
  tags: string[];
  hashtags: string[];
  status: SeriesStatus;
  attention: SeriesAttention | null;
  wizard_step: number;
  /** Null on a draft that has not reached that step yet. */
  topic: SeriesTopic | null;
  style: SeriesStyle | null;
  cadence: z.output<typeof seriesCadence> | null;
  time_zone: string | null;
  destinations: SeriesDestinations;
  review_mode: ReviewMode;
  lead_hours: number;
  weekly_credit_cap: number | null;
  never_again: string[];
  stats: SeriesStats;
  created_at: string;
  updated_at: string;
}

export interface EpisodePost {
  post_id: string;
  platform: SocialPlatform;
  account_name: string;
  status: string;
  url: string | null;
}

export interface SeriesEpisode {
  id: string;
  series_id: string;
  /** The slot it is for (ISO 8601); null for a sample episode made before the series started. */
  slot_at: string | null;
  status: EpisodeStatus;
  /** Plain words for skipped and failed episodes (and what is happening for the others). */
  reason: string | null;
  topic: string | null;
  title: string | null;
  video_id: string | null;
  credits: number;
  review_note: string | null;
  sample: boolean;
  posts: EpisodePost[];
  created_at: string;
  updated_at: string;
}

/** The label My videos and the calendar show on an episode's video and post. */
export interface SeriesLabel {
  series_id: string;
  series_name: string;
  episode_id: string;
}

/** Slots a week of a cadence (each chosen day × each time; a daylight-saving day may differ by one). */
export function slotsPerWeek(cadence: Pick<z.output<typeof seriesCadence>, 'days' | 'times'>): number {
  return new Set(cadence.days).size * new Set(cadence.times).size;
}

/** Credits a week: every slot's episode at the style's length, priced like any video of the plan. */
export function weeklyCreditEstimate(cadence: Pick<z.output<typeof seriesCadence>, 'days' | 'times'>, durationSeconds: number, creditsPerSecond: number): number {
  return slotsPerWeek(cadence) * videoCost(durationSeconds, creditsPerSecond);
}
