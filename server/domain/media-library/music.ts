// The creator's music library: uploaded tracks, checked by content before they get
// here. Rows are owner-scoped everywhere; another user's id is "not found". Files live in media
// storage under users/{user}/music/{track}/…, one folder per track, so deleting a track deletes
// its folder whatever file names earlier uploads used.
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { MusicTrack } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { musicTracks, type MusicTrackRow } from '../../db/schema';
import type { MediaUrlSigner } from '../../media/storage/types';
import { FieldValidationError } from '../errors';
import { NotFoundError } from '../problems';
import { assertLibraryRoom, newestFirstPage } from './library-table';
import { containsPattern, MissingMediaError, type PageQuery } from './paginate';

export const MUSIC_TRACK_NOT_FOUND = 'This music track no longer exists.';
export const MUSIC_ID_TAKEN = 'The id has already been taken.';

/**
 * Per-user bounds of the library (docs/decisions/media-library.md): far above real use, they
 * stop one account filling the disk. Checked before storing, like the script cap (soft: two
 * uploads racing at the limit may both pass).
 */
export const MAX_MUSIC_TRACKS_PER_USER = 200;
export const MAX_MUSIC_BYTES_PER_USER = 1024 * 1024 * 1024;
export const MUSIC_COUNT_LIMIT_REACHED = `Your music library holds the maximum of ${MAX_MUSIC_TRACKS_PER_USER} tracks. Delete some to upload new ones.`;
export const MUSIC_SPACE_LIMIT_REACHED = 'Your music library has no room left for this file (1 GB in all). Delete some tracks to upload new ones.';

export function musicFolder(userId: number, trackId: string): string {
  return `users/${userId}/music/${trackId}/`;
}

export function toMusicTrack(row: MusicTrackRow, signer: MediaUrlSigner): MusicTrack {
  return {
    id: row.id,
    title: row.title,
    duration: row.duration,
    size_bytes: row.sizeBytes,
    mime_type: row.mimeType,
    audio_src: signer.sign(row.storageKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findMusicTrackRow(db: Db, userId: number, id: string): Promise<MusicTrackRow | null> {
  const [row] = await db
    .select()
    .from(musicTracks)
    .where(and(eq(musicTracks.id, id), eq(musicTracks.userId, userId)));
  return row ?? null;
}

export async function findMusicTrack(db: Db, signer: MediaUrlSigner, userId: number, id: string): Promise<MusicTrack> {
  const row = await findMusicTrackRow(db, userId, id);
  if (!row) throw new NotFoundError(MUSIC_TRACK_NOT_FOUND);
  return toMusicTrack(row, signer);
}

/** Refuses an upload of `sizeBytes` that would take the user past a library bound (422 on `music`). */
export function assertMusicRoom(db: Db, userId: number, sizeBytes: number): Promise<void> {
  return assertLibraryRoom(db, musicTracks, userId, sizeBytes, {
    field: 'music',
    maxItems: MAX_MUSIC_TRACKS_PER_USER,
    maxBytes: MAX_MUSIC_BYTES_PER_USER,
    countLimitReached: MUSIC_COUNT_LIMIT_REACHED,
    spaceLimitReached: MUSIC_SPACE_LIMIT_REACHED,
  });
}

export interface NewMusicTrack {
  id: string;
  title: string;
  duration: number;
  sizeBytes: number;
  mimeType: string;
  storageKey: string;
}

/** Inserts the row; a uuid another user already has is a 422 on `id` (never "found"). */
export async function insertMusicTrack(db: Db, userId: number, track: NewMusicTrack): Promise<MusicTrackRow> {
  const [row] = await db
    .insert(musicTracks)
    .values({ ...track, userId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new FieldValidationError('id', MUSIC_ID_TAKEN);
  return row;
}

export function listMusicTracks(db: Db, userId: number, query: PageQuery): Promise<{ rows: MusicTrackRow[]; total: number }> {
  const term = query.search?.trim();
  return newestFirstPage(db, musicTracks, userId, term ? ilike(musicTracks.title, containsPattern(term)) : undefined, query);
}

export async function renameMusicTrack(db: Db, signer: MediaUrlSigner, userId: number, id: string, title: string): Promise<MusicTrack> {
  const [row] = await db
    .update(musicTracks)
    .set({ title, updatedAt: sql`now()` })
    .where(and(eq(musicTracks.id, id), eq(musicTracks.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(MUSIC_TRACK_NOT_FOUND);
  return toMusicTrack(row, signer);
}

/** Removes the row (the caller deletes the folder after commit); false when already gone. */
export async function deleteMusicTrackRow(db: Db, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(musicTracks)
    .where(and(eq(musicTracks.id, id), eq(musicTracks.userId, userId)))
    .returning({ id: musicTracks.id });
  return removed.length > 0;
}

export interface MusicForRender {
  storageKey: string;
  /** Seconds. */
  duration: number;
  mimeType: string;
  title: string;
}

export const MUSIC_GONE_FOR_RENDER = 'The music track chosen for this video was deleted. Choose another track, or none, and create the video again.';

/**
 * For the render pipeline: where the creator's chosen track lives and how long it is. Throws
 * MissingMediaError with a message for the creator when the track is gone (or not theirs).
 */
export async function musicTrackForRender(db: Db, userId: number, trackId: string): Promise<MusicForRender> {
  const row = await findMusicTrackRow(db, userId, trackId);
  if (!row) throw new MissingMediaError(MUSIC_GONE_FOR_RENDER);
  return { storageKey: row.storageKey, duration: row.duration, mimeType: row.mimeType, title: row.title };
}
