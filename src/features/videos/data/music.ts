// The music library, the third offline-first collection. Rename and delete go through the
// outbox like any change (offline too); an upload carries a file, so it is a direct request that
// needs the network (videos-http.ts uploadMusic with a progress callback) and its answer is stored here as
// a synced row. No React.
import type { MusicTrack } from '../../../../contract/videos';
import { db, type LocalMusicTrack } from '../../../store/db';
import { appOutbox, pullNow } from '../../../sync/engine';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, plain, quotedTitle, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { deleteLocallyWithUndo, undoLocalDelete, type DeletedRow } from '../../../store/undo-delete';

export const MUSIC_COLLECTION = 'music';
export const musicEntityKey = (id: string): string => `music:${id}`;
export const MUSIC_TITLE_MAX = 200;

export interface RenameTrackPayload {
  id: string;
  title: string;
  /** The row before the rename (restored if it is discarded). Not sent. */
  previous: LocalMusicTrack | null;
}

export interface DeleteTrackPayload {
  id: string;
  previous: LocalMusicTrack | null;
}

export const renameTrackMutation = defineMutation({
  kind: 'music.rename',
  schemaVersion: 1,
  entityKey: (p: RenameTrackPayload) => musicEntityKey(p.id),
  toRequest: (p) => ({ method: 'PUT', url: `/api/music/${encodeURIComponent(p.id)}`, body: { title: p.title } }),
});

export const deleteTrackMutation = defineMutation({
  kind: 'music.delete',
  schemaVersion: 1,
  entityKey: (p: DeleteTrackPayload) => musicEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: `/api/music/${encodeURIComponent(p.id)}` }),
});

export const MUSIC_KINDS = [renameTrackMutation.kind, deleteTrackMutation.kind];

export function isMusicTrack(value: unknown): value is MusicTrack {
  const track = value as Partial<MusicTrack> | null;
  return typeof track === 'object' && track !== null && typeof track.id === 'string' && typeof track.title === 'string';
}

export function toLocalTrack(track: MusicTrack): LocalMusicTrack {
  return { ...track, syncStatus: 'synced', syncError: null, failedOutboxId: null };
}

const rows = createLocalRows<LocalMusicTrack>({ collection: MUSIC_COLLECTION, table: () => db.music, entityPrefix: 'music' });

/** Store a track the server just answered an upload with (synced; local changes win until sent). */
export async function saveUploadedTrack(track: MusicTrack): Promise<LocalMusicTrack> {
  const row = toLocalTrack(plain(track));
  await rows.write(async () => {
    if ((await rows.itemsOf(track.id)).length > 0) return;
    await db.music.put(row);
    await rows.changed();
  });
  return row;
}

/** Rename a track: the row changes at once, the PUT is queued. */
export async function renameTrackLocally(id: string, title: string): Promise<void> {
  const trimmed = title.trim();
  if (!trimmed) throw new Error('The title field is required.');
  if (trimmed.length > MUSIC_TITLE_MAX) throw new Error(`The title field must not be greater than ${MUSIC_TITLE_MAX} characters.`);
  await rows.write(async () => {
    const current = await db.music.get(id);
    if (!current) throw new Error('This track is no longer on this device.');
    if (current.title === trimmed) return;
    await appOutbox.enqueue(renameTrackMutation, { id, title: trimmed, previous: plain(current) });
    await rows.putWithBadge({ ...current, title: trimmed, updated_at: new Date().toISOString() });
    await rows.changed();
  });
}

export type DeletedTrack = DeletedRow<LocalMusicTrack>;

/** Delete a track: gone at once, the DELETE held for the undo window, then sent. */
export function deleteTrackLocally(id: string): Promise<DeletedTrack> {
  // Tracks are created by upload, never through the outbox: there is no create kind to drop.
  return deleteLocallyWithUndo(id, { rows, createKind: 'music.upload', deleteMutation: deleteTrackMutation });
}

/** Undo a delete while its DELETE is still held (throws UndoTooLateError after it was sent). */
export function undoDeleteTrack(deleted: DeletedTrack): Promise<boolean> {
  return undoLocalDelete(rows, deleted, 'Too late to undo: the track was already deleted from your account.');
}

/** Pull the music library now; nothing happens while signed out. */
export function refreshMusic(): Promise<void> {
  return pullNow(MUSIC_COLLECTION);
}

registerRowOutcomes(rows, {
  deleteKind: deleteTrackMutation.kind,
  kinds: MUSIC_KINDS,
  fromServer: (body) => (isMusicTrack(body) ? toLocalTrack(plain(body)) : null),
  describe: (item) => (item.kind === renameTrackMutation.kind ? `Rename of ${quotedTitle(item, 'a track')}` : `Delete of ${quotedTitle(item, 'a track')}`),
});

/** GET /api/music, every page (per_page 1000), If-None-Match on page 1. */
export function fetchAllMusic(get: HttpGet, etag: string | null, perPage?: number): Promise<PullResponse<LocalMusicTrack>> {
  return fetchAllPages(get, etag, { path: '/api/music', isItem: isMusicTrack, toRow: toLocalTrack, id: (track) => track.id, noun: 'music library', perPage });
}

export function createMusicSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalMusicTrack, string>({
    collection: MUSIC_COLLECTION,
    table: db.music,
    syncState: db.syncState,
    fetch: (etag) => fetchAllMusic(get, etag),
    key: (track) => track.id,
    ...pendingInOutbox<string>(db.outbox, musicEntityKey),
  });
}
