// The compose form's state, its checks (in the order the fields appear, so the first message is
// the first field to fix), and the requests it becomes. Pure: the form component and the tests
// share it. Messages follow the contract's (the server checks the same rules).
import type { PreflightLimits } from '../../../../contract/preflight';
import type { CreateDraftRequest, CreatePostRequest, PostOptions, TiktokOptions, TiktokPrivacyLevel, YoutubeOptions } from '../../../../contract/publishing';
import type { LocalAccount, LocalPost, PublishVideoRow } from '../../../store';
import { CAPTION_MAX, YOUTUBE_DESCRIPTION_MAX, YOUTUBE_TITLE_MAX } from '../format';
import { isoToZoned, nextFullHour, zonedToIso } from '../time-zone';
import { emptyInstagram, instagramOptionsOf, instagramProblem, instagramValuesFrom, picksInstagram, type InstagramValues } from './instagram-values';

export type Privacy = YoutubeOptions['privacy'];

export interface YoutubeValues {
  title: string;
  /** The creator typed a title: picking another video no longer replaces it. */
  titleEdited: boolean;
  description: string;
  tags: string[];
  privacy: Privacy;
  madeForKids: boolean;
  aiDisclosure: boolean;
  categoryId: string;
}

/** TikTok's options: the privacy level has no default (TikTok's UX rules). */
export interface TiktokValues {
  privacyLevel: TiktokPrivacyLevel | null;
  allowComment: boolean;
  allowDuet: boolean;
  allowStitch: boolean;
  /** TikTok's AI-generated content label: on by default, our videos are AI-made. */
  aiGenerated: boolean;
  /** "Disclose commercial content", then which kind. */
  commercial: boolean;
  yourBrand: boolean;
  brandedContent: boolean;
}

export interface ComposeValues {
  /** The post's id (chosen here; a draft being edited keeps its own). */
  id: string;
  videoId: string | null;
  accountIds: string[];
  caption: string;
  youtube: YoutubeValues;
  instagram: InstagramValues;
  tiktok: TiktokValues;
  when: 'now' | 'later';
  date: string;
  time: string;
}

/** Field keys in the order they appear (the first with an error gets the focus). */
export const FIELD_ORDER = ['video', 'accounts', 'caption', 'youtubeTitle', 'youtubeDescription', 'youtubeTags', 'tiktokPrivacy', 'instagramCover', 'date', 'time'] as const;
export type ComposeField = (typeof FIELD_ORDER)[number];
export type ComposeErrors = Partial<Record<ComposeField, string>>;

export function emptyYoutube(): YoutubeValues {
  return { title: '', titleEdited: false, description: '', tags: [], privacy: 'public', madeForKids: false, aiDisclosure: true, categoryId: '22' };
}

/**
 * YouTube's fields after the creator picks `picked` (the video picked before: `previous`). The
 * video's title and its description (the credits its pictures' licences ask for) fill in what the
 * creator has not written: a title they typed stays, and a description is only filled when empty
 * or still the previous video's, untouched.
 */
export function youtubeForVideo(current: YoutubeValues, picked: PublishVideoRow, previous: PublishVideoRow | null): YoutubeValues {
  const title = current.titleEdited ? current.title : picked.title.slice(0, YOUTUBE_TITLE_MAX);
  const untouched = current.description.trim() === '' || (previous?.description !== undefined && current.description === previous.description.slice(0, YOUTUBE_DESCRIPTION_MAX));
  // A row cached before descriptions existed has none: the previous video's credits must not stay.
  const description = untouched ? (picked.description ?? '').slice(0, YOUTUBE_DESCRIPTION_MAX) : current.description;
  return { ...current, title, description };
}

export function emptyTiktok(): TiktokValues {
  return { privacyLevel: null, allowComment: true, allowDuet: true, allowStitch: true, aiGenerated: true, commercial: false, yourBrand: false, brandedContent: false };
}

export function emptyValues(timeZone: string, now = Date.now()): ComposeValues {
  const next = nextFullHour(timeZone, now);
  return { id: crypto.randomUUID(), videoId: null, accountIds: [], caption: '', youtube: emptyYoutube(), tiktok: emptyTiktok(), instagram: emptyInstagram(), when: 'now', date: next.date, time: next.time };
}

/** A post's stored TikTok options back into the form. */
function tiktokFromOptions(options: Partial<TiktokOptions> | undefined): TiktokValues {
  const values = emptyTiktok();
  if (!options) return values;
  return {
    privacyLevel: options.privacy_level ?? null,
    allowComment: options.disable_comment !== true,
    allowDuet: options.disable_duet !== true,
    allowStitch: options.disable_stitch !== true,
    aiGenerated: options.is_aigc ?? values.aiGenerated,
    commercial: options.brand_organic_toggle === true || options.brand_content_toggle === true,
    yourBrand: options.brand_organic_toggle === true,
    brandedContent: options.brand_content_toggle === true,
  };
}

/** A draft loaded into the form ("Edit" in the posts list). */
export function valuesFromPost(post: LocalPost, timeZone: string, now = Date.now()): ComposeValues {
  const youtube = post.options?.youtube as Partial<YoutubeOptions> | undefined;
  const at = post.scheduled_at ? isoToZoned(post.scheduled_at, timeZone) : null;
  const next = nextFullHour(timeZone, now);
  return {
    id: post.id,
    videoId: post.video_id,
    accountIds: post.targets.map((target) => target.account_id).filter((id): id is string => id !== null),
    caption: post.caption,
    youtube: {
      ...emptyYoutube(),
      // A draft without its own YouTube title shows the video's, as a new post does.
      ...(youtube?.title !== undefined ? { title: youtube.title, titleEdited: true } : { title: (post.video?.title ?? '').slice(0, YOUTUBE_TITLE_MAX) }),
      ...(youtube?.description !== undefined ? { description: youtube.description } : {}),
      ...(youtube?.tags ? { tags: youtube.tags } : {}),
      ...(youtube?.privacy ? { privacy: youtube.privacy } : {}),
      ...(youtube?.made_for_kids !== undefined ? { madeForKids: youtube.made_for_kids } : {}),
      ...(youtube?.ai_disclosure !== undefined ? { aiDisclosure: youtube.ai_disclosure } : {}),
      ...(youtube?.category_id ? { categoryId: youtube.category_id } : {}),
    },
    instagram: instagramValuesFrom(post.options?.instagram),
    tiktok: tiktokFromOptions(post.options?.tiktok),
    when: at ? 'later' : 'now',
    date: at?.date ?? next.date,
    time: at?.time ?? next.time,
  };
}

export interface ComposeContext {
  accounts: LocalAccount[];
  videos: PublishVideoRow[];
  timeZone: string;
  now: number;
  /** What the chosen TikTok accounts' creator_info allows (their longest video, privacy levels), once known. */
  tiktokLimits?: TiktokCreatorLimits;
}

export type TiktokCreatorLimits = Pick<PreflightLimits, 'tiktokCreatorMaxSeconds' | 'tiktokPrivacyLevels'>;

export function picksYoutube(values: Pick<ComposeValues, 'accountIds'>, accounts: LocalAccount[]): boolean {
  return accounts.some((account) => account.platform === 'youtube' && values.accountIds.includes(account.id));
}

export function picksTiktok(values: Pick<ComposeValues, 'accountIds'>, accounts: LocalAccount[]): boolean {
  return accounts.some((account) => account.platform === 'tiktok' && values.accountIds.includes(account.id));
}

/** The chosen instant (ISO with offset), null for "now"; undefined when the inputs are not a time. */
export function scheduledAt(values: ComposeValues, timeZone: string): string | null | undefined {
  if (values.when === 'now') return null;
  return zonedToIso(values.date, values.time, timeZone) ?? undefined;
}

/** Shown under the time picker while the chosen time is not ahead of now. */
export const PASSED_TIME_HINT = 'This time has passed — the post will be published now.';

/** True when "Schedule for later" names a time that is not ahead of `now`: the post goes out at once. */
export function timeHasPassed(values: ComposeValues, timeZone: string, now: number): boolean {
  const at = scheduledAt(values, timeZone);
  return typeof at === 'string' && Date.parse(at) <= now;
}

/**
 * When the post goes out: the chosen time when it lies ahead, however near; null for now ("Publish
 * now", or a chosen time that has passed, as the form says under it); undefined when not a time.
 */
export function publishAt(values: ComposeValues, timeZone: string, now: number): string | null | undefined {
  return timeHasPassed(values, timeZone, now) ? null : scheduledAt(values, timeZone);
}

function checkTime(values: ComposeValues, context: ComposeContext, errors: ComposeErrors): void {
  if (values.when !== 'later') return;
  if (!values.date) errors.date = 'Choose a date.';
  if (!values.time) errors.time = 'Choose a time.';
  if (!values.date || !values.time) return;
  // A time that has passed is no error: the post is published now (PASSED_TIME_HINT says so).
  if (!scheduledAt(values, context.timeZone)) errors.date = 'This date and time are not valid.';
}

function checkYoutube(values: ComposeValues, context: ComposeContext, errors: ComposeErrors, draft: boolean): void {
  if (!picksYoutube(values, context.accounts)) return;
  const { title, description, tags } = values.youtube;
  if (!title.trim() && !draft) errors.youtubeTitle = 'The YouTube title is required.';
  else if (title.trim().length > YOUTUBE_TITLE_MAX) errors.youtubeTitle = `The YouTube title must not be greater than ${YOUTUBE_TITLE_MAX} characters.`;
  else if (/[<>]/.test(title)) errors.youtubeTitle = 'The YouTube title cannot contain < or >.';
  if (description.length > YOUTUBE_DESCRIPTION_MAX) errors.youtubeDescription = `The YouTube description must not be greater than ${YOUTUBE_DESCRIPTION_MAX} characters.`;
  else if (/[<>]/.test(description)) errors.youtubeDescription = 'The YouTube description cannot contain < or >.';
  if (tags.join(',').length > 500) errors.youtubeTags = 'The YouTube tags must not be longer than 500 characters in all.';
  else if (tags.some((tag) => tag.length > 100)) errors.youtubeTags = 'Each YouTube tag must not be greater than 100 characters.';
}

function checkInstagram(values: ComposeValues, context: ComposeContext, errors: ComposeErrors): void {
  if (!picksInstagram(values.accountIds, context.accounts)) return;
  const problem = instagramProblem(values.instagram, context.videos.find((video) => video.id === values.videoId) ?? null);
  if (problem) errors[problem.field] = problem.message;
}

/** Everything a post needs before it can be sent (or, with `draft`, saved as a draft). */
export function validateCompose(values: ComposeValues, context: ComposeContext, draft = false): ComposeErrors {
  const errors: ComposeErrors = {};
  if (!draft) {
    if (!values.videoId) errors.video = 'Choose a video to publish.';
    else if (!context.videos.some((video) => video.id === values.videoId)) errors.video = 'This video is no longer available; choose another.';
    if (values.accountIds.length === 0) errors.accounts = 'Choose at least one account.';
  }
  if (values.caption.length > CAPTION_MAX) errors.caption = `The caption must not be greater than ${CAPTION_MAX} characters.`;
  checkYoutube(values, context, errors, draft);
  checkInstagram(values, context, errors);
  checkTime(values, context, errors);
  return errors;
}

export function firstInvalid(errors: ComposeErrors): ComposeField | null {
  return FIELD_ORDER.find((field) => errors[field]) ?? null;
}

function youtubeOptions(values: ComposeValues): NonNullable<PostOptions['youtube']> {
  const y = values.youtube;
  return {
    title: y.title.trim(),
    description: y.description,
    tags: y.tags,
    privacy: y.privacy,
    made_for_kids: y.madeForKids,
    ai_disclosure: y.aiDisclosure,
    category_id: y.categoryId,
  };
}

/** TikTok's post options; a draft may not have its privacy level yet. */
function tiktokOptions(values: ComposeValues): Partial<TiktokOptions> {
  const t = values.tiktok;
  return {
    ...(t.privacyLevel ? { privacy_level: t.privacyLevel } : {}),
    disable_comment: !t.allowComment,
    disable_duet: !t.allowDuet,
    disable_stitch: !t.allowStitch,
    is_aigc: t.aiGenerated,
    brand_organic_toggle: t.commercial && t.yourBrand,
    brand_content_toggle: t.commercial && t.brandedContent,
  };
}

/** The platforms' option blocks of the chosen accounts. */
function optionsFor(values: ComposeValues, accounts: LocalAccount[], youtube: PostOptions['youtube'] | Partial<PostOptions['youtube']>) {
  return {
    ...(picksYoutube(values, accounts) ? { youtube } : {}),
    ...(picksTiktok(values, accounts) ? { tiktok: tiktokOptions(values) } : {}),
    ...(picksInstagram(values.accountIds, accounts) ? { instagram: instagramOptionsOf(values.instagram) } : {}),
  };
}

/** The POST /api/create/post body (call after validateCompose found nothing). */
export function toCreateRequest(values: ComposeValues, context: Pick<ComposeContext, 'accounts' | 'timeZone' | 'now'>): CreatePostRequest & { id: string } {
  return {
    id: values.id,
    video_id: values.videoId ?? '',
    account_ids: values.accountIds,
    caption: values.caption,
    scheduled_at: publishAt(values, context.timeZone, context.now) ?? null,
    timezone: context.timeZone,
    options: optionsFor(values, context.accounts, youtubeOptions(values)) as CreatePostRequest['options'],
  };
}

/** The POST /api/create/post/draft body: whatever is filled in so far. */
export function toDraftRequest(values: ComposeValues, context: Pick<ComposeContext, 'accounts' | 'timeZone'>): CreateDraftRequest & { id: string } {
  const youtube = youtubeOptions(values);
  const { title, ...rest } = youtube;
  return {
    id: values.id,
    video_id: values.videoId,
    account_ids: values.accountIds,
    caption: values.caption,
    scheduled_at: scheduledAt(values, context.timeZone) ?? null,
    timezone: context.timeZone,
    options: optionsFor(values, context.accounts, title ? youtube : rest),
  };
}
