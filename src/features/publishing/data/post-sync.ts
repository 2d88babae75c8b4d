// Posts, the publishing collection: kinds, outcomes and pull (posts.ts adds the screens'
// API, which builds optimistic rows, and re-exports this module). Every change of a post — create,
// draft, reschedule, delete — is an outbox item keyed `post:{id}`, so the server gets them in the
// order they were made, offline included. The client chooses the post's uuid: a post created
// offline keeps its id once synced. Types only from the contract (the service worker imports this
// module and must not load zod). No React.
import type { CalendarEntry, CreateDraftRequest, CreatePostRequest, Post, PostTarget } from '../../../../contract/publishing';
import { db, type LocalPost } from '../../../store/db';
import { guardStorage } from '../../../store/storage-state';
import { onOutcome, outcomeOf, pullNow } from '../../../sync/engine';
import type { OutboxItem } from '../../../sync/outbox';
import { createCollectionSync, markCollectionChanged, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, payloadId, payloadPrevious, plain, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { unchangedWhenForbidden } from '../../../session/plan-access';
import { PUBLISHING_URLS } from './urls';

export const POSTS_COLLECTION = 'posts';
export const CALENDAR_COLLECTION = 'calendarEntries';
export const postEntityKey = (id: string): string => `post:${id}`;

/** GET /api/get/posts allows per_page ≤ 100; the device keeps the newest few hundred posts. */
export const POSTS_PAGE_SIZE = 100;
export const POSTS_MAX_PAGES = 5;

// --- mutation kinds ---------------------------------------------------------------------------

export interface CreatePostPayload {
  id: string;
  /** Exactly what the creator asked for, with the client's id: the POST body. */
  request: CreatePostRequest & { id: string };
  /** The row before (a draft being scheduled), restored if the change is discarded. Not sent. */
  previous: LocalPost | null;
}

export interface SaveDraftPayload {
  id: string;
  request: CreateDraftRequest & { id: string };
  previous: LocalPost | null;
}

export interface ReschedulePostPayload {
  id: string;
  scheduled_at: string;
  previous: LocalPost | null;
}

export interface DeletePostPayload {
  id: string;
  previous: LocalPost | null;
}

export const createPostMutation = defineMutation({
  kind: 'post.create',
  schemaVersion: 1,
  entityKey: (p: CreatePostPayload) => postEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: PUBLISHING_URLS.createPost, body: { ...p.request, id: p.id } }),
});

export const saveDraftMutation = defineMutation({
  kind: 'post.draft',
  schemaVersion: 1,
  entityKey: (p: SaveDraftPayload) => postEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: PUBLISHING_URLS.saveDraft, body: { ...p.request, id: p.id } }),
});

export const reschedulePostMutation = defineMutation({
  kind: 'post.reschedule',
  schemaVersion: 1,
  entityKey: (p: ReschedulePostPayload) => postEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: PUBLISHING_URLS.reschedulePost(p.id), body: { scheduled_at: p.scheduled_at } }),
});

export const deletePostMutation = defineMutation({
  kind: 'post.delete',
  schemaVersion: 1,
  entityKey: (p: DeletePostPayload) => postEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: PUBLISHING_URLS.post(p.id) }),
});

export const POST_KINDS = [createPostMutation.kind, saveDraftMutation.kind, reschedulePostMutation.kind, deletePostMutation.kind];

// --- rows -----------------------------------------------------------------------------------------

export function isPost(value: unknown): value is Post {
  const post = value as Partial<Post> | null;
  return typeof post === 'object' && post !== null && typeof post.id === 'string' && typeof post.status === 'string' && Array.isArray(post.targets);
}

export function isCalendarEntry(value: unknown): value is CalendarEntry {
  const entry = value as Partial<CalendarEntry> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.start === 'string' && typeof entry.status === 'string';
}

export function toLocalPost(post: Post): LocalPost {
  return { ...post, options: post.options ?? {}, targets: post.targets ?? [], syncStatus: 'synced', syncError: null, failedOutboxId: null };
}

/** What the creator calls a post: its YouTube title, the video's title, or the caption's first line. */
export function postTitle(post: Pick<Post, 'options' | 'video' | 'caption'>): string {
  const title = post.options?.youtube?.title?.trim() || post.video?.title?.trim() || post.caption.trim().split(/\n/)[0]?.trim() || '';
  if (!title) return 'Untitled post';
  return title.length > 80 ? `${title.slice(0, 77).trimEnd()}…` : title;
}

/**
 * The link to a target's post on its platform, offered only once it is published there: the
 * platform's address is recorded the moment it accepts the upload, and a post it then rejects
 * keeps that address although there is nothing to see.
 */
export function publishedUrl(target: Pick<PostTarget, 'status' | 'url'>): string | null {
  return target.status === 'published' ? target.url : null;
}

/** The calendar's view of a post (the same rule as the server: scheduled, else published/created). */
export function calendarEntryOf(post: Post): CalendarEntry | null {
  const start = post.scheduled_at ?? (post.status === 'draft' ? null : (post.published_at ?? post.created_at));
  if (!start) return null;
  const platforms = [...new Set(post.targets.map((target) => target.platform))];
  return { id: post.id, title: postTitle(post), status: post.status, start, platforms, thumbnail_url: post.video?.thumbnail_url ?? null };
}

export const postRows = createLocalRows<LocalPost>({ collection: POSTS_COLLECTION, table: () => db.posts, entityPrefix: 'post' });
const rows = postRows;

/** The tables a post change writes: the rows' tables plus the calendar entries it keeps in step. */
export const postTables = () => [...rows.tables(), db.calendarEntries];

/** One guarded transaction over postTables() (full disk: the storage banner shows, the change is not saved). */
export function writePosts<T>(write: () => Promise<T>): Promise<T> {
  return guardStorage(() => db.transaction('rw', postTables(), write));
}

/**
 * Keep the post's calendar entry in step with its local row, so the calendar moves (or drops) a
 * post the moment it changes here, offline too. Call inside writePosts or on its own.
 */
export async function syncCalendarEntry(id: string): Promise<void> {
  await db.transaction('rw', [db.posts, db.calendarEntries, db.syncState], async () => {
    const post = await db.posts.get(id);
    const entry = post ? calendarEntryOf(post) : null;
    if (entry) await db.calendarEntries.put(entry);
    else await db.calendarEntries.delete(id);
    // A calendar pull fetched before this change must not write its older list over it.
    await markCollectionChanged(db.syncState, CALENDAR_COLLECTION);
  });
}

// --- outcomes -------------------------------------------------------------------------------------

/** The name of the post an outbox item changes: its request's title or caption, or the row before. */
function itemPostName(item: OutboxItem): string {
  const payload = item.payload as { request?: { caption?: string; options?: { youtube?: { title?: string } } }; previous?: LocalPost | null };
  const previous = payload.previous ?? null;
  if (previous) return `"${postTitle(previous)}"`;
  const request = payload.request;
  if (!request) return 'a post';
  const youtubeTitle = request.options?.youtube?.title;
  const name = postTitle({ options: youtubeTitle ? { youtube: { title: youtubeTitle } as never } : {}, video: null, caption: request.caption ?? '' });
  return name === 'Untitled post' ? 'a post' : `"${name}"`;
}

function describePost(item: OutboxItem): string {
  const request = (item.payload as { request?: { scheduled_at?: string | null } }).request;
  const quoted = itemPostName(item);
  switch (item.kind) {
    case createPostMutation.kind:
      return request?.scheduled_at ? `Scheduled post ${quoted}` : `Post ${quoted} to publish now`;
    case saveDraftMutation.kind:
      return `Draft ${quoted}`;
    case reschedulePostMutation.kind:
      return `New time for ${quoted}`;
    default:
      return `Delete of ${quoted}`;
  }
}

registerRowOutcomes(rows, {
  deleteKind: deletePostMutation.kind,
  kinds: POST_KINDS,
  fromServer: (body) => (isPost(body) ? toLocalPost(plain(body)) : null),
  describe: describePost,
});

// A create or draft whose `previous` is null brought the post into being on this device: when it
// is discarded, the post goes (registerRowOutcomes only knows one create kind; a create that turns
// an existing draft into a scheduled post restores that draft instead). After every outcome the
// calendar entry follows the row, and a delivery also refreshes the calendar from the server.
for (const kind of POST_KINDS) {
  const standard = outcomeOf(kind);
  if (!standard) continue;
  onOutcome(kind, {
    ...standard,
    tables: postTables,
    async delivered(item, response) {
      await standard.delivered?.(item, response);
      await syncCalendarEntry(payloadId(item));
      void pullNow(CALENDAR_COLLECTION).catch(() => undefined);
    },
    async failed(item) {
      await standard.failed?.(item);
      await syncCalendarEntry(payloadId(item));
    },
    async retried(item) {
      await standard.retried?.(item);
      await syncCalendarEntry(payloadId(item));
    },
    async discarded(item, later) {
      const id = payloadId(item);
      const creates = kind === createPostMutation.kind || kind === saveDraftMutation.kind;
      if (creates && payloadPrevious<LocalPost>(item) === null) {
        await db.posts.delete(id);
        await rows.changed();
      } else {
        await standard.discarded?.(item, later);
      }
      await syncCalendarEntry(id);
    },
  });
}

/** Pull the posts now (route entry); nothing happens while signed out. */
export function refreshPosts(): Promise<void> {
  return pullNow(POSTS_COLLECTION);
}

/** Pull the calendar entries now (GET /api/get/calendar/); nothing happens while signed out. */
export function refreshCalendar(): Promise<void> {
  return pullNow(CALENDAR_COLLECTION);
}

// --- pull -----------------------------------------------------------------------------------------

/**
 * GET /api/get/posts, newest first, per_page 100 and at most POSTS_MAX_PAGES pages: the newest
 * few hundred posts live on the device (older ones are only a search away on the server).
 */
export function fetchPosts(get: HttpGet, etag: string | null): Promise<PullResponse<LocalPost>> {
  return fetchAllPages(get, etag, {
    path: PUBLISHING_URLS.posts,
    isItem: isPost,
    toRow: (post) => toLocalPost(post),
    id: (post) => post.id,
    noun: 'post list',
    perPage: POSTS_PAGE_SIZE,
    maxPages: POSTS_MAX_PAGES,
  });
}

/** The posts collection: rows with changes in the outbox are left as they are. */
export function createPostsSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalPost, string>({
    collection: POSTS_COLLECTION,
    table: db.posts,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchPosts(get, etag), 'can_publish_post'),
    key: (post) => post.id,
    ...pendingInOutbox<string>(db.outbox, postEntityKey),
  });
}

/** GET /api/get/calendar/ (the server's default window: two months back to a year ahead). */
export async function fetchCalendar(get: HttpGet, etag: string | null): Promise<PullResponse<CalendarEntry>> {
  const response = await get(PUBLISHING_URLS.calendar, etag ? { 'If-None-Match': etag } : {});
  if (response.status === 304) return { status: 304 };
  const body = response.body as { data?: unknown; message?: unknown } | null;
  if (response.status < 200 || response.status >= 300 || !body || !Array.isArray(body.data)) {
    const message = typeof body?.message === 'string' && body.message ? body.message : `GET /api/get/calendar/ answered ${response.status}`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  if (!body.data.every(isCalendarEntry)) throw new Error('The calendar from the server is not in the expected shape.');
  return { status: 200, items: plain(body.data), etag: null };
}

/** The calendar entries: entries of posts with changes in the outbox keep their local version. */
export function createCalendarSync(get: HttpGet): CollectionSync {
  return createCollectionSync<CalendarEntry, string>({
    collection: CALENDAR_COLLECTION,
    table: db.calendarEntries,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchCalendar(get, etag), 'can_publish_post'),
    key: (entry) => entry.id,
    ...pendingInOutbox<string>(db.outbox, postEntityKey),
  });
}
