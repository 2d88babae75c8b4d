// Reading and saving a video's timeline (GET/PUT /api/ai-videos/{id}/timeline). The saved
// timeline lives on the video row with its revision; a video never edited answers the timeline
// derived from its render at revision 1. A save is a compare-and-set on the revision, so two
// devices (or two API processes) can never both think their edit won: the loser gets a conflict
// carrying what the server holds now.
import { and, eq, sql } from 'drizzle-orm';
import { builtinMusicTrack } from '../../../contract/builtin-music';
import { TIMELINE_LIMITS, timelineDocument, type Timeline } from '../../../contract/timeline';
import { LANGUAGE_CODES } from '../../../contract/voices';
import type { Db } from '../../db/client';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import type { MediaStorage } from '../../media/storage/types';
import { FieldValidationError } from '../errors';
import { findMusicTrackRow } from '../media-library/music';
import { ClientProblem } from '../problems';
import { findVideoRow } from '../videos/videos';
import { deriveTimeline, NOT_EDITABLE_MESSAGE } from './derive-timeline';
import { sameTimeline } from './price';
import { checkTimelineAssets } from './timeline-assets';

export const VIDEO_STILL_BEING_MADE = 'This video is still being made. You can edit it once it is finished.';
export const VIDEO_FAILED_NOT_EDITABLE = 'This video could not be made, so there is nothing to edit yet. Restart it from My videos first.';
export const TIMELINE_CHANGED_ELSEWHERE = 'This video was changed elsewhere since you opened it. Keep your edit or take the saved one.';
export const MUSIC_NOT_YOURS = 'The selected music track is not in your library.';
export const LANGUAGE_INVALID = 'The selected language is invalid.';
export const TOO_MANY_SCENES = `This video has more scenes than the editor can hold (${TIMELINE_LIMITS.scenes}), so it cannot be edited.`;

/** A video's timeline as held now. */
export interface TimelineState {
  video: AiVideoRow;
  timeline: Timeline;
  revision: number;
  /** Whether the timeline was saved (false: derived from the first render). */
  saved: boolean;
  updatedAt: Date;
}

/** The edit lost the race: `current` is what the server holds (the 412 body is made from it). */
export class TimelineConflictError extends Error {
  constructor(readonly current: TimelineState) {
    super(TIMELINE_CHANGED_ELSEWHERE);
    this.name = 'TimelineConflictError';
  }
}

function assertEditable(row: AiVideoRow): void {
  if (row.status === 'queued' || row.status === 'processing') throw new ClientProblem(409, VIDEO_STILL_BEING_MADE);
  if (row.status !== 'completed') throw new ClientProblem(409, VIDEO_FAILED_NOT_EDITABLE);
}

/** The timeline a row holds: its saved one, or the one derived from its render (validated alike). */
export function timelineOfRow(row: AiVideoRow): Pick<TimelineState, 'timeline' | 'saved'> {
  const saved = row.timeline !== null;
  const document = row.timeline ?? deriveTimeline(row);
  // Model 1 is the only model so far; a later model upgrades older documents here.
  const parsed = timelineDocument.safeParse(document);
  if (!parsed.success) {
    if (saved) throw new Error(`the saved timeline of video ${row.id} does not match the model: ${parsed.error.message}`);
    // A long video cut into more scenes than a timeline holds (the plan's longest videos can be).
    if (document.scenes.length > TIMELINE_LIMITS.scenes) throw new ClientProblem(409, TOO_MANY_SCENES);
    throw new ClientProblem(409, NOT_EDITABLE_MESSAGE);
  }
  return { timeline: parsed.data, saved };
}

function stateOf(row: AiVideoRow): TimelineState {
  return { video: row, ...timelineOfRow(row), revision: row.timelineRevision, updatedAt: row.timelineUpdatedAt ?? row.updatedAt };
}

/** The owner's completed video's timeline; 404 for anyone else's, 409 while it is not finished. */
export async function readTimeline(db: Db, userId: number, videoId: string): Promise<TimelineState> {
  const row = await findVideoRow(db, userId, videoId);
  assertEditable(row);
  return stateOf(row);
}

/** What the timeline names beyond its files: a music track the creator may use, a known language. */
async function checkTimelineChoices(db: Db, userId: number, timeline: Timeline): Promise<void> {
  if (!(timeline.language in LANGUAGE_CODES)) throw new FieldValidationError('timeline.language', LANGUAGE_INVALID);
  const trackId = timeline.music?.track_id;
  if (trackId && !builtinMusicTrack(trackId) && !(await findMusicTrackRow(db, userId, trackId))) throw new FieldValidationError('timeline.music.track_id', MUSIC_NOT_YOURS);
}

export interface SaveTimelineDeps {
  db: Db;
  storage: Pick<MediaStorage, 'stat'>;
}

/**
 * Saves `timeline` over revision `ifMatchRevision`. The same timeline as the one held is answered
 * as it is (an outbox replay whose first answer was lost: same revision, nothing written); a
 * stale revision throws TimelineConflictError, as does losing the compare-and-set to a concurrent
 * save. Returns the state after the save.
 */
export async function saveTimeline(deps: SaveTimelineDeps, userId: number, videoId: string, ifMatchRevision: number, timeline: Timeline): Promise<TimelineState> {
  const { db } = deps;
  const current = await readTimeline(db, userId, videoId);
  if (sameTimeline(current.timeline, timeline)) return current;
  if (current.revision !== ifMatchRevision) throw new TimelineConflictError(current);
  await checkTimelineAssets(deps, userId, videoId, timeline);
  await checkTimelineChoices(db, userId, timeline);
  const [row] = await db
    .update(aiVideos)
    .set({ timeline, timelineRevision: sql`${aiVideos.timelineRevision} + 1`, timelineUpdatedAt: sql`now()` })
    .where(and(eq(aiVideos.id, videoId), eq(aiVideos.userId, userId), eq(aiVideos.status, 'completed'), eq(aiVideos.timelineRevision, ifMatchRevision)))
    .returning();
  if (row) return stateOf(row);
  // Another save (or a new render, or a delete) came in between: report what holds now.
  const now = await readTimeline(db, userId, videoId);
  if (sameTimeline(now.timeline, timeline)) return now;
  throw new TimelineConflictError(now);
}
