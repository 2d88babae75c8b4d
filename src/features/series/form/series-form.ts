// The series form shared by the create wizard and the settings screen: its state, the request it
// becomes, the checks each section runs before saving (the contract's own schemas, so the
// messages are the server's), and the changes the settings screen sends. Pure: no React.
import { z } from 'zod';
import {
  createSeriesRequest,
  missingToStart,
  REQUIRED_TO_START_MESSAGES,
  SERIES_DEFAULTS,
  seriesDestinations,
  seriesSettingsFields,
  seriesStyle,
  weeklyCreditEstimate,
  type CreateSeriesRequest,
  type ReviewMode,
  type Series,
  type UpdateSeriesRequest,
} from '../../../../contract/series';
import { seriesCadence, type SeriesCadence } from '../../../../contract/series-cadence';
import { DEFAULT_ART_STYLE, DEFAULT_MUSIC_VOLUME, SCRIPT_LANGUAGES, type AspectRatio, type CaptionSettings, type VoiceProviderId } from '../../../../contract';
import type { TiktokPrivacyLevel } from '../../../../contract/publishing';
import type { ArtStyle } from '../../../ui/art-styles/art-styles';
import { evenTimes } from '../../../../contract/series-cadence';

export type TopicMode = 'niche' | 'list' | 'prompt';
export type CadenceMode = 'days' | 'per_day';
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export interface StyleForm {
  duration: number;
  language: ScriptLanguage;
  /** null: the built-in voice of the language (the server's default). */
  voice: { provider: VoiceProviderId; voice_id: string; name: string } | null;
  speed: number;
  artStyle: ArtStyle;
  /** A built-in track, one of the creator's, 'auto', or null for no music. */
  musicTrackId: string | null;
  musicVolume: number;
  caption: CaptionSettings;
  aspectRatio: AspectRatio;
  watermark: boolean;
}

export interface DestinationsForm {
  accountIds: string[];
  youtubePrivacy: 'public' | 'unlisted' | 'private';
  youtubeMadeForKids: boolean;
  /** TikTok's guidelines: no default, the creator chooses (required once a TikTok account is chosen). */
  tiktokPrivacy: TiktokPrivacyLevel | null;
  instagramShareToFeed: boolean;
}

export interface SeriesForm {
  name: string;
  topicMode: TopicMode;
  niche: string;
  /** One topic a line, used in order. */
  topicList: string;
  prompt: string;
  style: StyleForm;
  cadenceMode: CadenceMode;
  days: number[];
  times: string[];
  perDay: number;
  timeZone: string;
  destinations: DestinationsForm;
  reviewMode: ReviewMode;
  leadHours: number;
  /** Credits a week the series may spend; null: no cap. */
  weeklyCap: number | null;
}

/** The wizard's steps, in order; the settings screen shows the same sections but the topic. */
export type SectionId = 'topic' | 'style' | 'cadence' | 'destinations' | 'review';
export const WIZARD_STEPS: readonly SectionId[] = ['topic', 'style', 'cadence', 'destinations', 'review'];
export const STEP_TITLES: Record<SectionId, string> = {
  topic: 'Topic',
  style: 'Look and sound',
  cadence: 'When',
  destinations: 'Where',
  review: 'Review',
};

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
export const DEFAULT_TIMES = ['18:00'];

export function defaultSeriesForm(timeZone: string): SeriesForm {
  return {
    name: '',
    topicMode: 'niche',
    niche: '',
    topicList: '',
    prompt: '',
    style: {
      duration: 30,
      language: 'english',
      voice: null,
      speed: 1,
      artStyle: DEFAULT_ART_STYLE,
      musicTrackId: null,
      musicVolume: DEFAULT_MUSIC_VOLUME,
      caption: { preset: 'bold-pop' },
      aspectRatio: '9:16',
      watermark: false,
    },
    cadenceMode: 'days',
    days: EVERY_DAY,
    times: DEFAULT_TIMES,
    perDay: 2,
    timeZone,
    destinations: { accountIds: [], youtubePrivacy: 'public', youtubeMadeForKids: false, tiktokPrivacy: null, instagramShareToFeed: true },
    reviewMode: SERIES_DEFAULTS.review_mode,
    leadHours: SERIES_DEFAULTS.lead_hours,
    weeklyCap: SERIES_DEFAULTS.weekly_credit_cap,
  };
}

/** One topic a line, blank lines dropped. */
export function topicLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The times the cadence publishes at: the chosen ones, or N spread over the day. */
export function cadenceTimes(form: Pick<SeriesForm, 'cadenceMode' | 'times' | 'perDay'>): string[] {
  if (form.cadenceMode === 'per_day') {
    const perDay = Math.min(12, Math.max(1, Math.round(form.perDay) || 1));
    return evenTimes(perDay);
  }
  return [...new Set(form.times)].sort();
}

export function toCadence(form: SeriesForm): SeriesCadence {
  return { days: [...new Set(form.days)].sort(), times: cadenceTimes(form), per_day: form.cadenceMode === 'per_day' ? form.perDay : null };
}

function toTopic(form: SeriesForm): NonNullable<CreateSeriesRequest['topic']> {
  if (form.topicMode === 'list') return { mode: 'list', topics: topicLines(form.topicList) };
  if (form.topicMode === 'prompt') return { mode: 'prompt', prompt: form.prompt };
  return { mode: 'niche', niche: form.niche };
}

function toStyle(style: StyleForm): NonNullable<CreateSeriesRequest['style']> {
  const caption = Object.fromEntries(Object.entries(style.caption).filter(([, value]) => value !== undefined)) as CaptionSettings;
  return {
    duration: style.duration,
    language: style.language,
    ...(style.voice ? { voice: { provider: style.voice.provider, voice_id: style.voice.voice_id, speed: style.speed } } : {}),
    art_style: style.artStyle,
    music: style.musicTrackId ? { track_id: style.musicTrackId, volume: style.musicVolume } : null,
    caption_settings: caption,
    aspect_ratio: style.aspectRatio,
    watermark: style.watermark,
  };
}

/** The accounts' platforms decide which options travel: only those of a chosen platform. */
export function toDestinations(destinations: DestinationsForm, platformOf: (accountId: string) => string | undefined): NonNullable<CreateSeriesRequest['destinations']> {
  const platforms = new Set(destinations.accountIds.map(platformOf));
  return {
    account_ids: destinations.accountIds,
    options: {
      ...(platforms.has('youtube') ? { youtube: { privacy: destinations.youtubePrivacy, made_for_kids: destinations.youtubeMadeForKids } } : {}),
      // Left out until chosen: the contract then refuses it with "Choose who can see the TikTok post."
      ...(platforms.has('tiktok') ? { tiktok: { privacy_level: destinations.tiktokPrivacy as TiktokPrivacyLevel } } : {}),
      ...(platforms.has('instagram') ? { instagram: { share_to_feed: destinations.instagramShareToFeed } } : {}),
    },
  };
}

/** Each section's part of the request. */
export function sectionFields(form: SeriesForm, section: SectionId, platformOf: (accountId: string) => string | undefined): Partial<CreateSeriesRequest> {
  switch (section) {
    case 'topic':
      return { name: form.name.trim(), topic: toTopic(form) };
    case 'style':
      return { style: toStyle(form.style) };
    case 'cadence':
      return { cadence: toCadence(form), time_zone: form.timeZone };
    case 'destinations':
      return { destinations: toDestinations(form.destinations, platformOf), review_mode: form.reviewMode, lead_hours: form.leadHours, weekly_credit_cap: form.weeklyCap };
    case 'review':
      return {};
  }
}

/**
 * The draft as saved when the wizard moves on to step `step`: the name and every section before
 * it (those passed their checks; a later one may still be half filled and would be refused).
 */
export function draftRequest(form: SeriesForm, id: string, step: number, platformOf: (accountId: string) => string | undefined): CreateSeriesRequest & { id: string } {
  const passed = WIZARD_STEPS.slice(0, step);
  const fields = passed.reduce<Partial<CreateSeriesRequest>>((all, section) => ({ ...all, ...sectionFields(form, section, platformOf) }), {});
  return { id, status: 'draft', wizard_step: step, name: form.name.trim(), ...fields };
}

/** Everything, to start the series. */
export function fullRequest(form: SeriesForm, id: string, platformOf: (accountId: string) => string | undefined): CreateSeriesRequest & { id: string } {
  return { ...draftRequest(form, id, WIZARD_STEPS.length - 1, platformOf), status: 'active' };
}

const FIELD_SECTION: Record<string, SectionId> = {
  name: 'topic',
  topic: 'topic',
  style: 'style',
  cadence: 'cadence',
  time_zone: 'cadence',
  destinations: 'destinations',
  review_mode: 'destinations',
  lead_hours: 'destinations',
  weekly_credit_cap: 'destinations',
};

export function sectionOfField(field: string): SectionId {
  return FIELD_SECTION[field.split('.')[0] ?? ''] ?? 'review';
}

/** The form's field name (what a section shows the message under) for a contract path. */
function fieldOf(path: readonly PropertyKey[], form: SeriesForm): string {
  const [head, second, third] = path.map(String);
  if (head === 'topic') return form.topicMode === 'list' ? 'topicList' : form.topicMode;
  if (head === 'style') {
    if (second === 'voice') return third === 'speed' ? 'speed' : 'voice';
    if (second === 'caption_settings') return 'caption';
    if (second === 'art_style') return 'artStyle';
    if (second === 'aspect_ratio') return 'aspectRatio';
    return second === 'music' ? 'music' : (second ?? 'style');
  }
  if (head === 'cadence') return second === 'days' ? 'days' : form.cadenceMode === 'per_day' ? 'perDay' : 'times';
  if (head === 'time_zone') return 'timeZone';
  if (head === 'destinations') return second === 'options' ? (third === 'tiktok' ? 'tiktokPrivacy' : 'options') : 'accountIds';
  if (head === 'review_mode') return 'reviewMode';
  if (head === 'lead_hours') return 'leadHours';
  if (head === 'weekly_credit_cap') return 'weeklyCap';
  return head ?? 'name';
}

const SECTION_OF_FORM_FIELD: Record<string, SectionId> = {
  name: 'topic',
  niche: 'topic',
  topicList: 'topic',
  prompt: 'topic',
  voice: 'style',
  speed: 'style',
  caption: 'style',
  artStyle: 'style',
  aspectRatio: 'style',
  music: 'style',
  duration: 'style',
  language: 'style',
  days: 'cadence',
  times: 'cadence',
  perDay: 'cadence',
  timeZone: 'cadence',
  accountIds: 'destinations',
  tiktokPrivacy: 'destinations',
  options: 'destinations',
  reviewMode: 'destinations',
  leadHours: 'destinations',
  weeklyCap: 'destinations',
};

export function sectionOfFormField(field: string): SectionId {
  return SECTION_OF_FORM_FIELD[field] ?? 'review';
}

const SECTION_SCHEMAS = {
  topic: createSeriesRequest.pick({ name: true }).extend({ topic: seriesSettingsFields.topic }),
  style: z.object({ style: seriesStyle }),
  cadence: z.object({ cadence: seriesCadence, time_zone: seriesSettingsFields.time_zone }),
  destinations: z.object({
    destinations: seriesDestinations,
    review_mode: seriesSettingsFields.review_mode,
    lead_hours: seriesSettingsFields.lead_hours,
    weekly_credit_cap: seriesSettingsFields.weekly_credit_cap,
  }),
} as const;

export interface FormContext {
  platformOf: (accountId: string) => string | undefined;
  isArtStyleAllowed: (style: string) => boolean;
  /** The plan's longest video, when known. */
  maxSeconds: number | undefined;
}

/** The problems of one section, by form field ({} = it can be saved). */
export function checkSection(form: SeriesForm, section: SectionId, context: FormContext): Record<string, string> {
  if (section === 'review') return {};
  const errors: Record<string, string> = {};
  const parsed = SECTION_SCHEMAS[section].safeParse(sectionFields(form, section, context.platformOf));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path, form)] ??= issue.message;
  }
  if (section === 'style') {
    if (context.maxSeconds !== undefined && form.style.duration > context.maxSeconds) errors.duration ??= `Your plan makes videos of up to ${context.maxSeconds} seconds.`;
    if (!context.isArtStyleAllowed(form.style.artStyle)) errors.artStyle ??= 'Your plan does not include this art style. Choose another one.';
  }
  if (section === 'destinations' && form.destinations.accountIds.length === 0) errors.accountIds ??= REQUIRED_TO_START_MESSAGES.destinations;
  return errors;
}

/** Every section's problems, by form field. */
export function checkAll(form: SeriesForm, context: FormContext): Record<string, string> {
  return WIZARD_STEPS.reduce<Record<string, string>>((all, section) => ({ ...all, ...checkSection(form, section, context) }), {});
}

/** What the series still lacks to start, with the step that sets it (the review lists these). */
export function missingPieces(form: SeriesForm, context: FormContext): Array<{ field: string; message: string; step: number }> {
  const request = fullRequest(form, '00000000-0000-4000-8000-000000000000', context.platformOf);
  const problems = checkAll(form, context);
  const pieces: Array<{ field: string; message: string; step: number }> = missingToStart(request).map((field) => ({ field, message: REQUIRED_TO_START_MESSAGES[field], step: WIZARD_STEPS.indexOf(sectionOfField(field)) }));
  const covered = new Set(pieces.map((piece) => WIZARD_STEPS[piece.step]));
  // Set but not valid (a topic too short, TikTok without a privacy level): also keeps it from starting.
  for (const [field, message] of Object.entries(problems)) {
    const section = sectionOfFormField(field);
    if (!covered.has(section)) pieces.push({ field, message, step: WIZARD_STEPS.indexOf(section) });
  }
  return pieces.sort((a, b) => a.step - b.step);
}

/** Credits a week at the cadence, the style's length and the plan's price; null before the plan is known. */
export function weeklyCost(form: SeriesForm, creditsPerSecond: number | undefined): number | null {
  if (creditsPerSecond === undefined) return null;
  return weeklyCreditEstimate(toCadence(form), form.style.duration, creditsPerSecond);
}

/** The form as a saved series fills it (a draft's missing parts keep the defaults). */
export function formFromSeries(series: Series, fallbackTimeZone: string, voiceName?: string): SeriesForm {
  const form = defaultSeriesForm(series.time_zone ?? fallbackTimeZone);
  form.name = series.name;
  if (series.topic) {
    form.topicMode = series.topic.mode;
    if (series.topic.mode === 'niche') form.niche = series.topic.niche;
    if (series.topic.mode === 'list') form.topicList = series.topic.topics.join('\n');
    if (series.topic.mode === 'prompt') form.prompt = series.topic.prompt;
  }
  if (series.style) {
    const style = series.style;
    form.style = {
      duration: style.duration,
      language: style.language,
      voice: style.voice ? { provider: style.voice.provider, voice_id: style.voice.voice_id, name: voiceName ?? style.voice.voice_id } : null,
      speed: style.voice?.speed ?? 1,
      artStyle: style.art_style,
      musicTrackId: style.music?.track_id ?? null,
      musicVolume: style.music?.volume ?? DEFAULT_MUSIC_VOLUME,
      caption: style.caption_settings ?? { preset: 'bold-pop' },
      aspectRatio: style.aspect_ratio,
      watermark: style.watermark,
    };
  }
  if (series.cadence) {
    form.days = series.cadence.days;
    form.times = series.cadence.times;
    form.cadenceMode = series.cadence.per_day ? 'per_day' : 'days';
    form.perDay = series.cadence.per_day ?? form.perDay;
  }
  const options = series.destinations.options;
  form.destinations = {
    accountIds: series.destinations.account_ids,
    youtubePrivacy: options.youtube?.privacy ?? 'public',
    youtubeMadeForKids: options.youtube?.made_for_kids ?? false,
    tiktokPrivacy: options.tiktok?.privacy_level ?? null,
    instagramShareToFeed: options.instagram?.share_to_feed ?? true,
  };
  form.reviewMode = series.review_mode;
  form.leadHours = series.lead_hours;
  form.weeklyCap = series.weekly_credit_cap;
  return form;
}

/** The settings screen's sections (the topic is not changed there: new topics follow the history). */
export const SETTINGS_SECTIONS: readonly SectionId[] = ['style', 'cadence', 'destinations'];

/**
 * The fields the settings screen changed, for PUT /api/series/{id}: a field is sent only when its
 * value differs from the loaded one, so a change never writes back what was loaded over newer data
 * of another field.
 */
export function changedFields(loaded: SeriesForm, current: SeriesForm, platformOf: (accountId: string) => string | undefined): UpdateSeriesRequest {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const section of SETTINGS_SECTIONS) {
    Object.assign(before, sectionFields(loaded, section, platformOf));
    Object.assign(after, sectionFields(current, section, platformOf));
  }
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[field])) changes[field] = value;
  }
  return changes;
}
