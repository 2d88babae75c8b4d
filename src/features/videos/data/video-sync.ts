// AI videos, the second offline-first collection: kinds, outcomes, pull, delete and
// restart (videos.ts adds createVideoLocally and re-exports this module). The screens read the
// LocalVideo rows (queries.ts) and change them through these functions; every change is an
// optimistic row plus an outbox item in one transaction (src/store/local-rows.ts). A video created offline is a
// 'queued' row badged 'pending' ("waiting to be sent") until the outbox delivers its POST, which
// carries the client's uuid so the row keeps its id. Deliveries and refusals come back through
// the outcome handlers, in the page and in the service worker. No React.
// Types only: this module is what the service worker imports, and the contract's values would
// bring zod with them (videos.ts adds createVideoLocally, which validates, for the page).
import type { AiVideo, AiVideoMedia, CreateAiVideoRequest } from '../../../../contract/videos';
import { db, type LocalVideo } from '../../../store/db';
import { appOutbox, pullNow } from '../../../sync/engine';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, plain, quotedTitle, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { deleteLocallyWithUndo, undoLocalDelete, type DeletedRow } from '../../../store/undo-delete';
import { forgetOfflineVideo } from './video-offline';

export const VIDEOS_COLLECTION = 'videos';
export const videoEntityKey = (id: string): string => `video:${id}`;

/** A video the server is working on: what adaptive polling watches. */
export const isVideoActive = (video: Pick<AiVideo, 'status'>): boolean => video.status === 'queued' || video.status === 'processing';

// --- mutation kinds ---------------------------------------------------------------------------

export interface CreateVideoPayload {
  id: string;
  /** Exactly what the creator asked for, with the client's id: the POST body. */
  request: CreateAiVideoRequest & { id: string };
  /** The price shown before confirming (not sent; the server charges its own). */
  quote: { credits: number; seconds: number };
}

export interface VideoChangePayload {
  id: string;
  /** The row before the change (restored if the change is discarded). Not sent. */
  previous: LocalVideo | null;
}

export const createVideoMutation = defineMutation({
  kind: 'video.create',
  schemaVersion: 1,
  entityKey: (p: CreateVideoPayload) => videoEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: '/api/ai-videos', body: { ...p.request, id: p.id } }),
});

export const deleteVideoMutation = defineMutation({
  kind: 'video.delete',
  schemaVersion: 1,
  entityKey: (p: VideoChangePayload) => videoEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: `/api/ai-videos/${encodeURIComponent(p.id)}` }),
});

export const restartVideoMutation = defineMutation({
  kind: 'video.restart',
  schemaVersion: 1,
  entityKey: (p: VideoChangePayload) => videoEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `/api/ai-videos/${encodeURIComponent(p.id)}/restart` }),
});

export const VIDEO_KINDS = [createVideoMutation.kind, deleteVideoMutation.kind, restartVideoMutation.kind];

// --- rows -----------------------------------------------------------------------------------------

export function isAiVideo(value: unknown): value is AiVideo {
  const video = value as Partial<AiVideo> | null;
  return typeof video === 'object' && video !== null && typeof video.id === 'string' && typeof video.status === 'string' && Array.isArray(video.stages);
}

export const NO_MEDIA: AiVideoMedia = { video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null };

/** A server video as a synced local row; `keptOffline` is the device's own choice, never the server's. */
export function toLocalVideo(video: AiVideo, keptOffline = false): LocalVideo {
  return { ...video, ai_video: { ...NO_MEDIA, ...video.ai_video }, syncStatus: 'synced', syncError: null, failedOutboxId: null, keptOffline };
}

/** The videos' local rows (shared with createVideoLocally in videos.ts). */
export const videoRows = createLocalRows<LocalVideo>({ collection: VIDEOS_COLLECTION, table: () => db.videos, entityPrefix: 'video' });
const rows = videoRows;

/** A first line of the script or prompt, for a video that has no title yet. */
export function provisionalTitle(request: CreateAiVideoRequest): string {
  const given = request.title?.trim();
  if (given) return given;
  const source = (request.prompt ?? request.script ?? '').trim().split(/\n/)[0] ?? '';
  if (!source) return 'New video';
  return source.length > 60 ? `${source.slice(0, 57).trimEnd()}…` : source;
}

// --- the screens' API ------------------------------------------------------------------------------

export type DeletedVideo = DeletedRow<LocalVideo>;

/**
 * Delete a video: gone from the screen at once; the DELETE waits in the outbox for the undo window
 * (UNDO_WINDOW_MS) and is then sent. A video that never left the device is just dropped. Its
 * offline copy is freed once the delete is final (delivered, or dropped).
 */
export async function deleteVideoLocally(id: string): Promise<DeletedVideo> {
  const deleted = await deleteLocallyWithUndo(id, { rows, createKind: createVideoMutation.kind, deleteMutation: deleteVideoMutation });
  if (!deleted.deleteItemId && deleted.previous?.keptOffline) await forgetOfflineVideo(id).catch(() => undefined);
  return deleted;
}

/** Undo a delete while its DELETE is still held (throws UndoTooLateError after it was sent). */
export function undoDeleteVideo(deleted: DeletedVideo): Promise<boolean> {
  return undoLocalDelete(rows, deleted, 'Too late to undo: the video was already deleted from your account.');
}

/** Restart a failed video: shown as queued again at once, the restart request queued. */
export async function restartVideoLocally(id: string): Promise<void> {
  await rows.write(async () => {
    const current = await db.videos.get(id);
    if (!current) throw new Error('This video is no longer on this device.');
    await appOutbox.enqueue(restartVideoMutation, { id, previous: plain(current) });
    const stages = current.stages.map((stage) => (stage.status === 'failed' ? { ...stage, status: 'pending' as const, error: null } : stage));
    await rows.putWithBadge({ ...current, status: 'queued', error: null, stages, updated_at: new Date().toISOString() });
    await rows.changed();
  });
}

/** Store the device's "keep offline" choice (the cache itself: video-offline.ts). */
export async function setVideoKeptOffline(id: string, keptOffline: boolean): Promise<void> {
  await db.videos.update(id, { keptOffline });
}

/** Pull the videos collection now (route entry, polling); nothing happens while signed out. */
export function refreshVideos(): Promise<void> {
  return pullNow(VIDEOS_COLLECTION);
}

// --- outcomes -------------------------------------------------------------------------------------

registerRowOutcomes(rows, {
  createKind: createVideoMutation.kind,
  deleteKind: deleteVideoMutation.kind,
  kinds: VIDEO_KINDS,
  fromServer: (body, local) => (isAiVideo(body) ? toLocalVideo(plain(body), local?.keptOffline ?? false) : null),
  describe: (item) => {
    const title = quotedTitle(item, 'a video');
    if (item.kind === createVideoMutation.kind) {
      const request = (item.payload as Partial<CreateVideoPayload>).request;
      return `New video "${provisionalTitle(request ?? {})}"`;
    }
    return item.kind === restartVideoMutation.kind ? `Restart of ${title}` : `Delete of ${title}`;
  },
  afterDelete: (id) => forgetOfflineVideo(id),
});

// --- pull -----------------------------------------------------------------------------------------

/** GET /api/ai-videos, every page (per_page 1000), If-None-Match on page 1. */
export function fetchAllVideos(get: HttpGet, etag: string | null, perPage?: number): Promise<PullResponse<LocalVideo>> {
  return fetchAllPages(get, etag, { path: '/api/ai-videos', isItem: isAiVideo, toRow: (video) => toLocalVideo(video), id: (video) => video.id, noun: 'video list', perPage });
}

/** The videos collection: pending rows are left alone; `keptOffline` survives every pull. */
export function createVideosSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalVideo, string>({
    collection: VIDEOS_COLLECTION,
    table: db.videos,
    syncState: db.syncState,
    fetch: (etag) => fetchAllVideos(get, etag),
    key: (video) => video.id,
    merge: (server, local) => ({ ...server, keptOffline: local?.keptOffline ?? false }),
    ...pendingInOutbox<string>(db.outbox, videoEntityKey),
  });
}
