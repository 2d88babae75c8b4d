// Posts and failed jobs, the publishing collections: a post created offline is an
// optimistic 'scheduled' row plus an outbox item with the client's id, replaced by the server's
// answer once delivered; drafts are saved and edited in order; rescheduling moves the row (and its
// calendar entry) at once; a refusal shows the server's reason with retry/discard; a failed job is
// rescheduled through the outbox with a pending badge. Real Dexie over fake-indexeddb and the
// fake idempotent server of src/sync/testing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../contract';
import type { Post } from '../../contract/publishing';
import { createFailedJobsSync, rescheduleFailedJob, toLocalFailedJob } from '../../src/features/publishing/data/failed-jobs';
import { createCalendarSync, createPost, createPostsSync, deletePost, reschedulePost, saveDraft, toLocalPost, undoDeletePost } from '../../src/features/publishing/data/posts';
import { createPublishVideosSync } from '../../src/features/publishing/data/publish-videos';
import { clearLocalStore, db, permissionsRepo, sessionRepo } from '../../src/store';
import { appDrainDeps, appOutbox, discardChange, retryChange, setEngineHooks, setOutboxOwner, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';
import { pageOf } from './helpers/videos';
import { ACCOUNT_2_ID, ACCOUNT_ID, account, failedJob, publishableVideo, serverPost, target, VIDEO_ID } from './helpers/publishing';

const FUTURE = '2030-06-01T09:30:00+02:00';

/** A server that stores posts as the requests describe them (status from the route). */
function postServer(fault: (request: OutboxRequest) => Fault = () => ({ type: 'ok' })) {
  const posts = new Map<string, Post>();
  const server = createIdempotentServer({
    fault,
    respond: (request) => {
      const body = (request.body ?? {}) as { id?: string; caption?: string; scheduled_at?: string | null; account_ids?: string[] };
      if (request.url === '/api/create/post' || request.url === '/api/create/post/draft') {
        const draft = request.url.endsWith('/draft');
        const post = serverPost(body.id!, {
          status: draft ? 'draft' : 'scheduled',
          caption: body.caption ?? '',
          scheduled_at: body.scheduled_at ?? null,
          targets: (body.account_ids ?? []).map((id) => target(id, { id: `server-${id.slice(0, 4)}`, status: draft ? 'draft' : 'scheduled' })),
          updated_at: '2026-02-02T00:00:00.000Z',
        });
        posts.set(post.id, post);
        return post;
      }
      if (request.url === '/api/reschedule/failed-jobs') return { message: 'The job is queued again.' };
      const id = decodeURIComponent(request.url.split('/')[3]!);
      if (request.method === 'DELETE') {
        posts.delete(id);
        return { message: 'Post deleted.' };
      }
      const post = { ...(posts.get(id) ?? serverPost(id)), status: 'scheduled' as const, scheduled_at: (body as { scheduled_at: string }).scheduled_at };
      posts.set(id, post);
      return post;
    },
  });
  return { ...server, posts };
}

const drain = (send: ReturnType<typeof postServer>['send']) => appOutbox.drain(appDrainDeps(send));

beforeEach(async () => {
  setOutboxOwner(() => 'u1');
  await db.accounts.bulkPut([account(ACCOUNT_ID, { name: 'My channel' }), account(ACCOUNT_2_ID, { name: 'Second', health: 'reconnect', health_reason: 'Google says the access was revoked.' })]);
  await db.publishVideos.put(publishableVideo(VIDEO_ID, { title: 'Trains at night', thumbnail_url: '/media/t.jpg' }));
});

afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('createPost', () => {
  const request = () => ({
    id: crypto.randomUUID(),
    video_id: VIDEO_ID,
    account_ids: [ACCOUNT_ID, ACCOUNT_2_ID],
    caption: 'Night trains #shorts',
    scheduled_at: FUTURE,
    timezone: 'Europe/Berlin',
    options: { youtube: { title: 'Trains at night' } },
  });

  it('offline: a scheduled, pending row and the POST with the client id; the server answer replaces it', async () => {
    const input = request();
    const row = await createPost(input);
    expect(row).toMatchObject({ id: input.id, status: 'scheduled', syncStatus: 'pending', scheduled_at: FUTURE, timezone: 'Europe/Berlin', caption: 'Night trains #shorts' });
    expect(row.video).toEqual({ id: VIDEO_ID, title: 'Trains at night', thumbnail_url: '/media/t.jpg', duration: 42 });
    // Provisional targets from the accounts on the device; the one needing reconnect is blocked.
    expect(row.targets.map((t) => [t.account_name, t.status])).toEqual([
      ['My channel', 'scheduled'],
      ['Second', 'blocked'],
    ]);
    expect(row.options.youtube).toMatchObject({ title: 'Trains at night', privacy: 'public', ai_disclosure: true, category_id: '22' });
    expect(await db.calendarEntries.get(input.id)).toMatchObject({ start: FUTURE, status: 'scheduled', title: 'Trains at night', platforms: ['youtube'] });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'post.create', method: 'POST', url: '/api/create/post', entityKey: `post:${input.id}`, status: 'pending' });
    expect(item?.body).toEqual(input);

    // Offline: the drain cannot deliver, the row stays pending.
    const offline = postServer(() => ({ type: 'network' }));
    expect((await drain(offline.send)).delivered).toBe(0);
    expect((await db.posts.get(input.id))?.syncStatus).toBe('pending');

    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    const online = postServer();
    expect((await drain(online.send)).delivered).toBe(1);
    expect(online.requests[0]?.headers['Idempotency-Key']).toBe(item?.id);
    const synced = await db.posts.get(input.id);
    expect(synced).toMatchObject({ syncStatus: 'synced', updated_at: '2026-02-02T00:00:00.000Z' });
    expect(synced?.targets.map((t) => t.id)).toEqual(['server-aaaa', 'server-bbbb']);
  });

  it('rejects an invalid request or a past time and stores nothing', async () => {
    await expect(createPost({ ...request(), account_ids: [] })).rejects.toThrow('Choose at least one account.');
    await expect(createPost({ ...request(), scheduled_at: '2020-01-01T00:00:00Z' })).rejects.toThrow('Choose a time in the future.');
    expect(await db.posts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refusal shows the server reason; retry sends it again, discard removes the post', async () => {
    let refuse = true;
    const server = postServer(() => (refuse ? { type: 'status', status: 422, body: { message: 'The video is no longer available.', errors: { video_id: ['The video is no longer available.'] } } } : { type: 'ok' }));
    const input = request();
    await createPost(input);
    await drain(server.send);
    const failed = await db.posts.get(input.id);
    expect(failed).toMatchObject({ syncStatus: 'failed', syncError: 'The video is no longer available.' });

    refuse = false;
    setEngineHooks({ drain: async () => void (await drain(server.send)) });
    await retryChange(failed!.failedOutboxId!);
    expect(await db.posts.get(input.id)).toMatchObject({ syncStatus: 'synced' });

    // A second post refused and discarded: gone, with its calendar entry.
    refuse = true;
    setEngineHooks(null);
    const other = request();
    await createPost(other);
    await drain(server.send);
    const refused = await db.posts.get(other.id);
    await discardChange(refused!.failedOutboxId!);
    expect(await db.posts.get(other.id)).toBeUndefined();
    expect(await db.calendarEntries.get(other.id)).toBeUndefined();
  });
});

describe('drafts', () => {
  it('saves a draft, edits it, then schedules it: three requests in order, one row', async () => {
    const server = postServer();
    const id = crypto.randomUUID();
    const draft = await saveDraft({ id, caption: 'First idea', account_ids: [], options: {} });
    expect(draft).toMatchObject({ status: 'draft', syncStatus: 'pending', video_id: null, targets: [] });
    await saveDraft({ id, video_id: VIDEO_ID, caption: 'Better idea', account_ids: [ACCOUNT_ID], options: { youtube: { title: 'Draft title' } } });
    expect(await db.posts.get(id)).toMatchObject({ status: 'draft', caption: 'Better idea', video: { title: 'Trains at night' } });
    await createPost({ id, video_id: VIDEO_ID, account_ids: [ACCOUNT_ID], caption: 'Final', scheduled_at: FUTURE, options: { youtube: { title: 'Go' } } });
    expect(await db.posts.get(id)).toMatchObject({ status: 'scheduled', caption: 'Final' });
    expect((await db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((item) => item.kind)).toEqual(['post.draft', 'post.draft', 'post.create']);

    expect((await drain(server.send)).delivered).toBe(3);
    expect(server.applied.map((request) => request.url)).toEqual(['/api/create/post/draft', '/api/create/post/draft', '/api/create/post']);
    expect(await db.posts.get(id)).toMatchObject({ status: 'scheduled', caption: 'Final', syncStatus: 'synced' });
  });

  it('discarding an edit of a synced draft brings the draft back as it was', async () => {
    const server = postServer(() => ({ type: 'status', status: 422, body: { message: 'The caption must not be greater than 2200 characters.' } }));
    const d1 = crypto.randomUUID();
    await db.posts.put(toLocalPost(serverPost(d1, { status: 'draft', caption: 'Kept', scheduled_at: null })));
    await saveDraft({ id: d1, caption: 'Changed', account_ids: [], options: {} });
    await drain(server.send);
    const failed = await db.posts.get(d1);
    expect(failed).toMatchObject({ caption: 'Changed', syncStatus: 'failed', syncError: 'The caption must not be greater than 2200 characters.' });
    await discardChange(failed!.failedOutboxId!);
    expect(await db.posts.get(d1)).toMatchObject({ caption: 'Kept', syncStatus: 'synced', status: 'draft' });
  });
});

describe('reschedulePost / deletePost', () => {
  it('moves a failed post at once (row, failed targets, calendar) and sends POST …/reschedule', async () => {
    const server = postServer();
    await db.posts.put(toLocalPost(serverPost('p1', { status: 'failed', targets: [target(ACCOUNT_ID, { status: 'failed', error: 'Quota used up.', error_code: 'quotaExceeded' })] })));
    await reschedulePost('p1', FUTURE);
    const row = await db.posts.get('p1');
    expect(row).toMatchObject({ status: 'scheduled', scheduled_at: FUTURE, syncStatus: 'pending' });
    expect(row?.targets[0]).toMatchObject({ status: 'scheduled', error: null, error_code: null });
    expect(await db.calendarEntries.get('p1')).toMatchObject({ start: FUTURE, status: 'scheduled' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'post.reschedule', url: '/api/posts/p1/reschedule', body: { scheduled_at: FUTURE } });
    await drain(server.send);
    expect(await db.posts.get('p1')).toMatchObject({ syncStatus: 'synced', scheduled_at: FUTURE });
  });

  it('refuses the past and published posts; a draft keeps being a draft at the new time', async () => {
    const d1 = crypto.randomUUID();
    await db.posts.bulkPut([toLocalPost(serverPost('pub', { status: 'published' })), toLocalPost(serverPost(d1, { status: 'draft', scheduled_at: null }))]);
    await expect(reschedulePost('pub', FUTURE)).rejects.toThrow('A published post cannot be moved.');
    await expect(reschedulePost(d1, '2020-01-01T00:00:00Z')).rejects.toThrow('Choose a time in the future.');
    await reschedulePost(d1, FUTURE);
    expect(await db.posts.get(d1)).toMatchObject({ status: 'draft', scheduled_at: FUTURE });
    expect((await db.outbox.toArray()).map((item) => [item.kind, (item.body as { scheduled_at: string }).scheduled_at])).toEqual([['post.draft', FUTURE]]);
  });

  it('holds the DELETE for the undo window; Undo brings the post back; a never-sent post is just dropped', async () => {
    const server = postServer();
    await db.posts.put(toLocalPost(serverPost('p1')));
    const deleted = await deletePost('p1');
    expect(await db.posts.get('p1')).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ kind: 'post.delete', method: 'DELETE', url: '/api/posts/p1' })]);
    expect((await drain(server.send)).delivered).toBe(0);
    expect(await undoDeletePost(deleted)).toBe(true);
    expect(await db.posts.get('p1')).toMatchObject({ syncStatus: 'synced' });
    expect(await db.calendarEntries.get('p1')).toBeTruthy();

    const id = crypto.randomUUID();
    await saveDraft({ id, caption: 'Offline only', account_ids: [], options: {} });
    await deletePost(id);
    expect(await db.outbox.count()).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('pull', () => {
  it('pages with per_page 100 and keeps rows with pending changes', async () => {
    const local = await saveDraft({ id: crypto.randomUUID(), caption: 'Not sent yet', account_ids: [], options: {} });
    await db.posts.put(toLocalPost(serverPost('gone')));
    const urls: string[] = [];
    const get: HttpGet = (url) => {
      urls.push(url);
      return Promise.resolve({ status: 200, body: pageOf([serverPost('p1', { caption: 'From the server' })]) });
    };
    const result = await createPostsSync(get).run();
    expect(urls).toEqual(['/api/get/posts?page=1&per_page=100']);
    expect(result).toMatchObject({ status: 200, removed: 1, keptPending: 1 });
    expect(await db.posts.get('p1')).toMatchObject({ caption: 'From the server', syncStatus: 'synced' });
    expect(await db.posts.get(local.id)).toMatchObject({ syncStatus: 'pending' });
  });

  it('a 403 (a plan without publishing) changes nothing in any publishing list; other errors still fail', async () => {
    await db.posts.put(toLocalPost(serverPost('kept')));
    const forbidden: HttpGet = () => Promise.reject(Object.assign(new Error('Request failed with status code 403'), { response: { status: 403, data: { message: 'Forbidden.' } } }));
    for (const sync of [createPostsSync, createCalendarSync, createFailedJobsSync, createPublishVideosSync]) {
      expect(await sync(forbidden).run()).toMatchObject({ status: 304 });
    }
    expect(await db.posts.count()).toBe(1);
    const failing: HttpGet = () => Promise.reject(Object.assign(new Error('Request failed with status code 500'), { response: { status: 500 } }));
    await expect(createPostsSync(failing).run()).rejects.toThrow('500');
  });

  it('sends no request at all when the cached plan lacks publishing; asks when it has it or nothing is cached', async () => {
    const asked: string[] = [];
    const get: HttpGet = (url) => {
      asked.push(url);
      return Promise.resolve({ status: 200, body: pageOf([]) });
    };
    // No cached permissions: the server decides.
    await createPostsSync(get).run();
    expect(asked).toHaveLength(1);

    await db.posts.put(toLocalPost(serverPost('kept')));
    await sessionRepo.set('user', { id: 7, name: 'Free creator', email: 'free@example.com' } as User);
    await permissionsRepo.put(7, { can_create_video: true, can_publish_post: null });
    asked.length = 0;
    for (const sync of [createPostsSync, createCalendarSync, createFailedJobsSync, createPublishVideosSync]) {
      expect(await sync(get).run()).toMatchObject({ status: 304 });
    }
    expect(asked).toEqual([]);
    expect(await db.posts.count()).toBe(1);

    await permissionsRepo.put(7, { full_access: '1' });
    await createPostsSync(get).run();
    await permissionsRepo.put(7, { can_publish_post: true });
    await createCalendarSync(get).run();
    expect(asked).toHaveLength(2);
  });
});

describe('failed jobs', () => {
  it('rescheduling is queued with a pending badge; delivered, the job leaves the list', async () => {
    const server = postServer();
    const id = crypto.randomUUID();
    await db.failedJobs.put(toLocalFailedJob(failedJob(id)));
    await rescheduleFailedJob(id, FUTURE);
    expect(await db.failedJobs.get(id)).toMatchObject({ syncStatus: 'pending' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'failedJob.reschedule', method: 'POST', url: '/api/reschedule/failed-jobs', entityKey: `failedJob:${id}`, body: { id, scheduled_at: FUTURE } });

    // A pull while it waits keeps the row and its badge.
    const get: HttpGet = () => Promise.resolve({ status: 200, body: pageOf([failedJob(id, { attempts: 4 })]) });
    await createFailedJobsSync(get).run();
    expect(await db.failedJobs.get(id)).toMatchObject({ syncStatus: 'pending', attempts: 3 });

    await drain(server.send);
    expect(await db.failedJobs.get(id)).toBeUndefined();
  });

  it('"Retry now" sends no time; a refusal shows the reason on the job', async () => {
    const server = postServer(() => ({ type: 'status', status: 422, body: { message: 'This account must be reconnected first.' } }));
    const id = crypto.randomUUID();
    await db.failedJobs.put(toLocalFailedJob(failedJob(id)));
    await rescheduleFailedJob(id);
    expect((await db.outbox.toArray())[0]?.body).toEqual({ id, scheduled_at: null });
    await drain(server.send);
    expect(await db.failedJobs.get(id)).toMatchObject({ syncStatus: 'failed', syncError: 'This account must be reconnected first.' });
  });
});
