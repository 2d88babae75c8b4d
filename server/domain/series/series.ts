// The creator's series: create, change, delete and read (docs/decisions/series.md, "The calls").
// Writes run inside the route's idempotent transaction. Every query names the owner, so another
// creator's series is simply not found. The autopilot (autopilot/) finds active series by
// `next_prepare_at` (the next slot minus the lead time) and plans every slot after
// `planned_through`; this module keeps both right whenever the creator starts, pauses, resumes or
// reschedules a series.
import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paginated } from '../../../contract/http';
import {
  missingToStart,
  REQUIRED_TO_START_MESSAGES,
  SERIES_DEFAULTS,
  type createSeriesRequest,
  type listEpisodesQuery,
  type listSeriesQuery,
  type Series,
  type SeriesDestinations,
  type SeriesEpisode,
  type SeriesStatus,
  type updateSeriesRequest,
} from '../../../contract/series';
import type { PostStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets, socialAccounts } from '../../db/schema-publishing';
import { series, seriesEpisodes, type SeriesRow } from '../../db/schema-series';
import { users } from '../../db/schema-users';
import { paginated } from '../media-library/paginate';
import { planFor, type PlanDefinition } from '../plans/plans';
import { ClientProblem, NotFoundError, PlanLimitError } from '../problems';
import { ACCOUNT_MISSING_MESSAGE, deletePost } from '../publishing/posts';
import { nextPrepareAt } from './autopilot/tick';
import { statsOf } from './series-stats';
import { toSeries, toSeriesEpisodes } from './series-view';

export const SERIES_NOT_FOUND = 'This series no longer exists.';
export const SERIES_ID_TAKEN = 'The id has already been taken.';
export const BACK_TO_DRAFT_MESSAGE = 'A series that has started cannot become a draft again; pause it instead.';
export const PAUSE_DRAFT_MESSAGE = 'Start the series before pausing it.';

export type CreateSeriesInput = z.output<typeof createSeriesRequest>;
export type UpdateSeriesInput = z.output<typeof updateSeriesRequest>;
export type ListSeriesInput = z.output<typeof listSeriesQuery>;
export type ListEpisodesInput = z.output<typeof listEpisodesQuery>;

/** Who asks: the owner and their plan (the plan prices the weekly estimate and sets the limits). */
export interface SeriesOwner {
  id: number;
  plan: string;
}

/** Several fields wrong at once (Laravel answers them all); the route answers 422 with them. */
export class SeriesFieldsError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
    this.name = 'SeriesFieldsError';
  }
}

function throwIfAny(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw new SeriesFieldsError(errors);
}


const titleCase = (text: string) => text.replace(/(^|[\s-])(\w)/g, (_m, space: string, letter: string) => space + letter.toUpperCase());

/** The destinations' accounts must be the creator's own, still connected. */
async function checkDestinations(tx: Db, userId: number, destinations: SeriesDestinations | undefined, errors: Record<string, string[]>): Promise<void> {
  const ids = [...new Set(destinations?.account_ids ?? [])];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: socialAccounts.id, name: socialAccounts.name, disconnectedAt: socialAccounts.disconnectedAt })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), inArray(socialAccounts.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const messages: string[] = [];
  for (const id of ids) {
    const account = byId.get(id);
    if (!account) {
      if (!messages.includes(ACCOUNT_MISSING_MESSAGE)) messages.push(ACCOUNT_MISSING_MESSAGE);
    } else if (account.disconnectedAt) {
      messages.push(`${account.name} is disconnected; connect it again to post to it.`);
    }
  }
  if (messages.length > 0) errors['destinations.account_ids'] = messages;
}

/** An art style or length the plan cannot render would fail every episode: say so now. */
function checkStyleForPlan(plan: PlanDefinition, style: CreateSeriesInput['style'], errors: Record<string, string[]>): void {
  if (!style) return;
  if (plan.allowedArtStyles !== null && !plan.allowedArtStyles.includes(style.art_style)) {
    errors['style.art_style'] = [`The ${titleCase(style.art_style)} art style is not included in your ${plan.name} plan. Choose another style or upgrade.`];
  }
  if (style.duration > plan.video.maxSeconds) {
    errors['style.duration'] = [`Your ${plan.name} plan makes videos up to ${plan.video.maxSeconds} seconds.`];
  }
}

/** Each field a started series still lacks, with the words the wizard shows. */
function missingErrors(fields: Parameters<typeof missingToStart>[0], errors: Record<string, string[]>): void {
  for (const field of missingToStart(fields)) errors[field] ??= [REQUIRED_TO_START_MESSAGES[field]];
}

const dedupe = <T>(values: T[]): T[] => [...new Set(values)];
const cleanDestinations = (destinations: SeriesDestinations): SeriesDestinations => ({ ...destinations, account_ids: dedupe(destinations.account_ids) });

function seriesLimitProblem(plan: PlanDefinition, limit: number): PlanLimitError {
  return new PlanLimitError(
    `Your ${plan.name} plan includes ${limit} series and they are all in use (drafts and paused series count too). Delete one or upgrade your plan to make another.`,
  );
}

/** The creator's series of every status: what the plan's `series` limit counts. */
export async function countSeries(db: Db, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(series).where(eq(series.userId, userId));
  return n;
}

/** 403 when the creator already has as many series as the plan allows. */
async function checkSeriesLimit(tx: Db, userId: number, plan: PlanDefinition): Promise<void> {
  const limit = plan.limits.series?.value ?? null;
  if (limit === null) return;
  // The owner's row is locked so two creates racing past the count cannot both insert.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if ((await countSeries(tx, userId)) >= limit) throw seriesLimitProblem(plan, limit);
}

async function ownedRow(db: Db, userId: number, id: string, lock = false): Promise<SeriesRow> {
  const query = db
    .select()
    .from(series)
    .where(and(eq(series.id, id), eq(series.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(SERIES_NOT_FOUND);
  return row;
}

/** A series as shown, with its stats. */
export async function seriesView(db: Db, owner: SeriesOwner, row: SeriesRow, now: Date): Promise<Series> {
  const stats = await statsOf(db, [row], planFor(owner.plan).video.creditsPerSecond, now);
  return toSeries(row, stats.get(row.id));
}

/**
 * POST /api/series. The same id again is the outbox resending a create whose answer was lost: 200
 * with the series as it is now, whatever the body says (a later PUT may have changed it). Another
 * creator's id is a 422 on `id`, as a taken unique value is in Laravel.
 */
export async function createSeries(tx: Db, owner: SeriesOwner, input: CreateSeriesInput, now = new Date()): Promise<{ status: 200 | 201; series: Series }> {
  const id = input.id ?? crypto.randomUUID();
  const [existing] = await tx.select().from(series).where(eq(series.id, id));
  if (existing && existing.userId === owner.id) return { status: 200, series: await seriesView(tx, owner, existing, now) };
  if (existing) throw new SeriesFieldsError({ id: [SERIES_ID_TAKEN] });

  const plan = planFor(owner.plan);
  const errors: Record<string, string[]> = {};
  if (input.status === 'active') missingErrors(input, errors);
  await checkDestinations(tx, owner.id, input.destinations, errors);
  checkStyleForPlan(plan, input.style, errors);
  throwIfAny(errors);
  await checkSeriesLimit(tx, owner.id, plan);

  const leadHours = input.lead_hours ?? SERIES_DEFAULTS.lead_hours;
  const started = input.status === 'active';
  const inserted = await tx
    .insert(series)
    .values({
      id,
      userId: owner.id,
      name: input.name,
      description: input.description ?? SERIES_DEFAULTS.description,
      tags: dedupe(input.tags ?? SERIES_DEFAULTS.tags),
      hashtags: dedupe(input.hashtags ?? SERIES_DEFAULTS.hashtags),
      status: input.status,
      wizardStep: input.wizard_step,
      topic: input.topic ?? null,
      style: input.style ?? null,
      cadence: input.cadence ?? null,
      timeZone: input.time_zone ?? null,
      ...(input.destinations ? { destinations: cleanDestinations(input.destinations) } : {}),
      reviewMode: input.review_mode ?? SERIES_DEFAULTS.review_mode,
      leadHours,
      weeklyCreditCap: input.weekly_credit_cap ?? SERIES_DEFAULTS.weekly_credit_cap,
      ...(started
        ? { startedAt: now, plannedThrough: now, nextPrepareAt: nextPrepareAt(input.cadence!, input.time_zone!, leadHours, now.getTime()) }
        : {}),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  // A create of the same id that raced this one and committed first: this one is its replay.
  if (!row) {
    const [raced] = await tx.select().from(series).where(eq(series.id, id));
    if (raced && raced.userId === owner.id) return { status: 200, series: await seriesView(tx, owner, raced, now) };
    throw new SeriesFieldsError({ id: [SERIES_ID_TAKEN] });
  }
  return { status: 201, series: await seriesView(tx, owner, row, now) };
}

/** The schedule columns after a change of status or timing (unchanged when neither changed). */
function scheduleAfter(row: SeriesRow, merged: SeriesRow, now: Date): Partial<SeriesRow> {
  const from = row.status;
  const to = merged.status;
  if (to !== 'active') return from === 'active' ? { nextPrepareAt: null } : {};
  const schedule = (afterMs: number) => nextPrepareAt(merged.cadence!, merged.timeZone!, merged.leadHours, afterMs);
  if (from === 'draft') {
    const plannedThrough = row.plannedThrough ?? now;
    return { startedAt: row.startedAt ?? now, plannedThrough, nextPrepareAt: schedule(Math.max(now.getTime(), plannedThrough.getTime())) };
  }
  if (from === 'paused') {
    // The slots that passed while paused were not missed, they were not wanted: planning goes on
    // from now, so the autopilot neither makes one up nor skips them with a "missed" reason.
    const plannedThrough = new Date(Math.max(now.getTime(), row.plannedThrough?.getTime() ?? 0));
    return { startedAt: row.startedAt ?? now, plannedThrough, nextPrepareAt: schedule(plannedThrough.getTime()), attention: null };
  }
  const timingChanged =
    JSON.stringify(row.cadence) !== JSON.stringify(merged.cadence) || row.timeZone !== merged.timeZone || row.leadHours !== merged.leadHours;
  if (!timingChanged) return {};
  return { nextPrepareAt: schedule(Math.max(now.getTime(), row.plannedThrough?.getTime() ?? 0)) };
}

function checkTransition(from: SeriesStatus, to: SeriesStatus, errors: Record<string, string[]>): void {
  if (from === to) return;
  if (to === 'draft') errors.status = [BACK_TO_DRAFT_MESSAGE];
  else if (from === 'draft' && to === 'paused') errors.status = [PAUSE_DRAFT_MESSAGE];
}

/**
 * PUT /api/series/{id}: absent fields stay as they are. `status` starts a draft (it needs
 * everything missingToStart asks for), pauses or resumes; an active series must keep what it needs
 * to run (its accounts, for one). Settings apply to episodes not rendered yet: they read the series
 * when they get there.
 */
export async function updateSeries(tx: Db, owner: SeriesOwner, id: string, input: UpdateSeriesInput, now = new Date()): Promise<Series> {
  const row = await ownedRow(tx, owner.id, id, true);
  const merged: SeriesRow = {
    ...row,
    name: input.name ?? row.name,
    description: input.description ?? row.description,
    tags: input.tags ? dedupe(input.tags) : row.tags,
    hashtags: input.hashtags ? dedupe(input.hashtags) : row.hashtags,
    status: input.status ?? row.status,
    wizardStep: input.wizard_step ?? row.wizardStep,
    topic: input.topic ?? row.topic,
    style: input.style ?? row.style,
    cadence: input.cadence ?? row.cadence,
    timeZone: input.time_zone ?? row.timeZone,
    destinations: input.destinations ? cleanDestinations(input.destinations) : row.destinations,
    reviewMode: input.review_mode ?? row.reviewMode,
    leadHours: input.lead_hours ?? row.leadHours,
    weeklyCreditCap: input.weekly_credit_cap === undefined ? row.weeklyCreditCap : input.weekly_credit_cap,
    neverAgain: input.never_again ? dedupe(input.never_again) : row.neverAgain,
  };

  const errors: Record<string, string[]> = {};
  checkTransition(row.status, merged.status, errors);
  if (merged.status === 'active') {
    missingErrors({ topic: merged.topic, style: merged.style, cadence: merged.cadence, time_zone: merged.timeZone, destinations: merged.destinations }, errors);
  }
  await checkDestinations(tx, owner.id, input.destinations, errors);
  checkStyleForPlan(planFor(owner.plan), input.style, errors);
  throwIfAny(errors);

  const [updated] = await tx
    .update(series)
    .set({
      name: merged.name,
      description: merged.description,
      tags: merged.tags,
      hashtags: merged.hashtags,
      status: merged.status,
      wizardStep: merged.wizardStep,
      topic: merged.topic,
      style: merged.style,
      cadence: merged.cadence,
      timeZone: merged.timeZone,
      destinations: merged.destinations,
      reviewMode: merged.reviewMode,
      leadHours: merged.leadHours,
      weeklyCreditCap: merged.weeklyCreditCap,
      neverAgain: merged.neverAgain,
      ...scheduleAfter(row, merged, now),
      updatedAt: sql`now()`,
    })
    .where(eq(series.id, id))
    .returning();
  return seriesView(tx, owner, updated!, now);
}

/** Posts that stay when their series goes: what went out is the creator's history. */
const KEPT_POST_STATUSES: PostStatus[] = ['published', 'partially_published'];
export const SERIES_PUBLISHING_MESSAGE = 'One of this series’ episodes is being published right now; try again in a minute.';

/**
 * DELETE /api/series/{id}: the series and its episodes go; the posts of its episodes still
 * waiting (draft, scheduled, failed) are deleted by the publishing rules, which refuse (409) while
 * one of them is uploading. Videos stay in My videos (the episode only pointed at them).
 */
export async function deleteSeries(tx: Db, userId: number, id: string): Promise<{ postsCancelled: number }> {
  await ownedRow(tx, userId, id, true);
  const [uploading] = await tx
    .select({ id: postTargets.id })
    .from(seriesEpisodes)
    .innerJoin(postTargets, eq(postTargets.postId, seriesEpisodes.postId))
    .where(and(eq(seriesEpisodes.seriesId, id), eq(postTargets.status, 'publishing')))
    .limit(1);
  if (uploading) throw new ClientProblem(409, SERIES_PUBLISHING_MESSAGE);
  const waiting = await tx
    .select({ postId: posts.id })
    .from(seriesEpisodes)
    .innerJoin(posts, eq(posts.id, seriesEpisodes.postId))
    .where(and(eq(seriesEpisodes.seriesId, id), isNotNull(seriesEpisodes.postId), notInArray(posts.status, KEPT_POST_STATUSES)))
    .orderBy(asc(posts.id));
  let postsCancelled = 0;
  for (const { postId } of waiting) {
    // deletePost locks the post and checks its targets again: one that started uploading since
    // answers 409 and the whole delete is rolled back.
    const { deleted } = await deletePost(tx, userId, postId);
    if (deleted) postsCancelled += 1;
  }
  await tx.delete(series).where(eq(series.id, id));
  return { postsCancelled };
}

export async function findSeries(db: Db, owner: SeriesOwner, id: string, now = new Date()): Promise<Series> {
  return seriesView(db, owner, await ownedRow(db, owner.id, id), now);
}

/** One page of the creator's series, newest first; `attention` lists those that need the creator. */
export async function listSeries(db: Db, owner: SeriesOwner, query: ListSeriesInput, now = new Date()): Promise<Paginated<Series>> {
  const byStatus =
    query.status === 'attention' ? isNotNull(series.attention) : query.status ? eq(series.status, query.status) : undefined;
  const where = and(eq(series.userId, owner.id), byStatus);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(series).where(where);
  const rows = await db
    .select()
    .from(series)
    .where(where)
    .orderBy(desc(series.createdAt), desc(series.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const stats = await statsOf(db, rows, planFor(owner.plan).video.creditsPerSecond, now);
  return paginated(
    rows.map((row) => toSeries(row, stats.get(row.id))),
    total,
    { page: query.page, perPage: query.per_page },
  );
}

/** GET /api/series/{id}/episodes: the timeline, samples first, then the latest slot first. */
export async function listEpisodes(db: Db, userId: number, seriesId: string, query: ListEpisodesInput): Promise<Paginated<SeriesEpisode>> {
  await ownedRow(db, userId, seriesId);
  const where = eq(seriesEpisodes.seriesId, seriesId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(seriesEpisodes).where(where);
  const rows = await db
    .select()
    .from(seriesEpisodes)
    .where(where)
    .orderBy(sql`${seriesEpisodes.slotAt} desc nulls first`, desc(seriesEpisodes.createdAt), desc(seriesEpisodes.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return paginated(await toSeriesEpisodes(db, rows), total, { page: query.page, perPage: query.per_page });
}
