// The publish screen as a creator uses it: the real Dexie store (fake-indexeddb) and the
// real collection functions; only the network is absent, so every change lands in the outbox.
// Compose checks (first invalid field focused), a post scheduled in the creator's time zone (the
// request carries the offset and the zone), a draft edited from the list, the posts filter and
// search, the failed jobs with retry and one Reconnect link; and axe over every tab.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalFailedJob, toLocalPost } from '../../src/features/publishing/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { renderPublishPage } from './helpers/publish-page';
import { ACCOUNT_2_ID, ACCOUNT_ID, account, failedJob, publishableVideo, serverPost, target, VIDEO_2_ID, VIDEO_ID } from './helpers/publishing';

const renderPage = renderPublishPage;
const PASSED_HINT = 'This time has passed — the post will be published now.';

/** The creator is in New York (whatever zone the test machine is in). */
function inZone(timeZone: string) {
  const base = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...base, timeZone });
}

async function outboxItems() {
  return (await db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeEach(async () => {
  setOutboxOwner(() => 'u1');
  await db.publishVideos.bulkPut([
    publishableVideo(VIDEO_ID, { title: 'Trains at night', duration: 42, width: 1080, height: 1920, created_at: '2026-01-02T00:00:00.000Z' }),
    publishableVideo(VIDEO_2_ID, { title: 'Cooking pasta', duration: 300, width: 1920, height: 1080 }),
  ]);
  await db.accounts.bulkPut([
    account(ACCOUNT_ID, { name: 'My channel' }),
    account(ACCOUNT_2_ID, { name: 'Old channel', health: 'reconnect', health_reason: 'Google says the access was revoked.', connected_at: '2026-01-02T00:00:00.000Z' }),
  ]);
});

afterEach(async () => {
  // Toasts of one test must not show up in the next (the notifications store is module state).
  notifications.clean();
  vi.restoreAllMocks();
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('compose', () => {
  it('says what is missing and focuses the first field to fix; nothing is queued', async () => {
    renderPage();
    await screen.findByRole('radio', { name: 'Trains at night' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Choose a video to publish.')).toBeTruthy();
    expect(screen.getByText('Choose at least one account.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Trains at night'));

    // A video and an account: the YouTube title comes from the video; an emptied title is refused.
    fireEvent.click(screen.getByRole('radio', { name: 'Cooking pasta' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect((title as HTMLInputElement).value).toBe('Cooking pasta');
    expect(screen.getByText('16:9, 5 min 00 s — landscape: posted as a regular YouTube video, not a Short')).toBeTruthy();
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('The YouTube title is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(await db.outbox.count()).toBe(0);
  });

  it('schedules in the creator’s time zone: the request carries the offset and the zone; a passed time says it publishes now', async () => {
    inZone('America/New_York');
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    expect(screen.getByText('9:16, 42 s — fits YouTube Shorts (≤ 3 min)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Caption' }), { target: { value: 'Night trains #shorts' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    expect(screen.getByText(/Time zone: America\/New York \(GMT-0[45]:00\)/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText(/^Time$|^Time \*/), { target: { value: '09:30' } });
    // Said before anything is sent, under the time and in the summary; the button says it too.
    expect(screen.getByRole('status')).toHaveProperty('textContent', PASSED_HINT);
    expect(screen.getByText('Publishes as soon as it reaches the server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-06-01' } });
    expect(screen.getByRole('status')).toHaveProperty('textContent', '');
    expect(screen.getByText(/Publishes on Sat, 1 Jun 2030, 09:30 \(America\/New York\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await outboxItems();
    expect(item).toMatchObject({ kind: 'post.create', url: '/api/create/post' });
    expect(item?.body).toMatchObject({
      video_id: VIDEO_ID,
      account_ids: [ACCOUNT_ID],
      caption: 'Night trains #shorts',
      scheduled_at: '2030-06-01T09:30:00-04:00',
      timezone: 'America/New_York',
      options: { youtube: { title: 'Trains at night', privacy: 'public', made_for_kids: false, ai_disclosure: true, category_id: '22', tags: [], description: '' } },
    });
    // The list shows it at once, waiting to be sent.
    const card = await screen.findByRole('article', { name: 'Trains at night' });
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy();
    expect(within(card).getByText('Scheduled for Sat, 1 Jun 2030, 09:30')).toBeTruthy();
  });

  it('a chosen time that has passed is published now, as the form said before it was sent', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', '');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText(/^Time$|^Time \*/), { target: { value: '09:30' } });
    // In the live region that was already there: a screen reader announces it as it appears.
    expect(screen.getByRole('status')).toHaveProperty('textContent', PASSED_HINT);

    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await outboxItems();
    expect(item).toMatchObject({ kind: 'post.create', url: '/api/create/post' });
    expect(item?.body).toMatchObject({ video_id: VIDEO_ID, account_ids: [ACCOUNT_ID], scheduled_at: null });
    expect(await screen.findByText('Post queued')).toBeTruthy();
  });

  it('edits a draft from the list: its values load, the save updates the same post', async () => {
    const draftId = crypto.randomUUID();
    await db.posts.put(
      toLocalPost(serverPost(draftId, { status: 'draft', caption: 'Half an idea', scheduled_at: null, targets: [target(ACCOUNT_ID, { status: 'draft', account_name: 'My channel' })] })),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Posts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Trains at night' }));
    expect(await screen.findByRole('tab', { name: 'Edit draft' })).toBeTruthy();
    const caption = await screen.findByRole('textbox', { name: 'Caption' });
    expect((caption as HTMLTextAreaElement).value).toBe('Half an idea');
    // The form remounts for the draft; its pickers read the store again.
    expect((await screen.findByRole('radio', { name: 'Trains at night' })).getAttribute('aria-checked')).toBe('true');
    expect((await screen.findByRole('checkbox', { name: /^My channel/ })).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(caption, { target: { value: 'A whole idea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [item] = await outboxItems();
    expect(item).toMatchObject({ kind: 'post.draft', url: '/api/create/post/draft', entityKey: `post:${draftId}` });
    expect(item?.body).toMatchObject({ id: draftId, caption: 'A whole idea', account_ids: [ACCOUNT_ID], video_id: VIDEO_ID });
    expect(await db.posts.get(draftId)).toMatchObject({ caption: 'A whole idea', status: 'draft', syncStatus: 'pending' });
  });

  it('opens the draft named by ?post= (the calendar\'s "Edit on Publish" link)', async () => {
    const draftId = crypto.randomUUID();
    await db.posts.put(toLocalPost(serverPost(draftId, { status: 'draft', caption: 'From the calendar', scheduled_at: null, targets: [] })));
    window.history.replaceState(null, '', `/publish?post=${draftId}`);
    try {
      renderPage();
      expect(await screen.findByRole('tab', { name: 'Edit draft' })).toBeTruthy();
      expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Caption' })).value).toBe('From the calendar');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('posts list', () => {
  it('filters by status and searches; shows per-account status with the reason and the link', async () => {
    await db.posts.bulkPut([
      toLocalPost(serverPost('p1', { options: { youtube: { title: 'Trains at night' } as never }, status: 'published', published_at: '2026-01-05T10:00:00.000Z', targets: [target(ACCOUNT_ID, { status: 'published', account_name: 'My channel', url: 'https://sandbox.test/watch/abc' })] })),
      toLocalPost(
        serverPost('p2', {
          options: { youtube: { title: 'Cooking pasta' } as never },
          status: 'failed',
          created_at: '2026-01-03T00:00:00.000Z',
          targets: [target(ACCOUNT_ID, { status: 'failed', account_name: 'My channel', error: 'YouTube rejected the video as a duplicate.', error_code: 'duplicate' })],
        }),
      ),
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Posts' }));
    const published = await screen.findByRole('article', { name: 'Trains at night' });
    expect(within(published).getByRole('link', { name: /View on YouTube/ }).getAttribute('href')).toBe('https://sandbox.test/watch/abc');
    expect(within(screen.getByRole('article', { name: 'Cooking pasta' })).getByText('YouTube rejected the video as a duplicate. (duplicate)')).toBeTruthy();
    expect(screen.getByText('2 posts')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Trains at night' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Cooking pasta' })).toBeTruthy();
    expect(screen.getByText('1 of 2 posts')).toBeTruthy();

    // Search covers account names too; nothing failed matches "zebra".
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: 'MY CHANNEL' } });
    await waitFor(() => expect(screen.getByText('1 of 2 posts')).toBeTruthy());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: 'zebra' } });
    expect(await screen.findByText('No posts match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all posts' }));
    expect(await screen.findByRole('article', { name: 'Trains at night' })).toBeTruthy();
  });

  it('offers "View on YouTube" only for a published target, not for one the platform rejected after taking it', async () => {
    await db.posts.put(
      toLocalPost(
        serverPost('p1', {
          options: { youtube: { title: 'Rejected later' } as never },
          status: 'failed',
          // YouTube took the upload (its address was recorded), then refused to publish it.
          targets: [target(ACCOUNT_ID, { status: 'failed', account_name: 'My channel', platform_post_id: 'abc', url: 'https://sandbox.test/watch/abc', error: 'YouTube rejected the video.' })],
        }),
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Posts' }));
    const rejected = await screen.findByRole('article', { name: 'Rejected later' });
    expect(within(rejected).getByText('YouTube rejected the video.')).toBeTruthy();
    expect(within(rejected).queryByRole('link', { name: /View on/ })).toBeNull();
  });

  it('delete removes the card at once; Undo brings it back and nothing is sent', async () => {
    await db.posts.put(toLocalPost(serverPost('p1', { options: { youtube: { title: 'Keep me' } as never } })));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Posts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Keep me' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Keep me' })).toBeNull());
    expect((await outboxItems()).map((item) => item.method)).toEqual(['DELETE']);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of Keep me' }));
    expect(await screen.findByRole('article', { name: 'Keep me' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('failed jobs', () => {
  it('lists reason, code and attempts; retry is queued; reconnect-needed jobs get one Reconnect link', async () => {
    const quota = crypto.randomUUID();
    const revoked = crypto.randomUUID();
    await db.failedJobs.bulkPut([
      toLocalFailedJob(failedJob(quota, { account_name: 'My channel' })),
      toLocalFailedJob(failedJob(revoked, { account_id: ACCOUNT_2_ID, account_name: 'Old channel', video_title: 'Cooking pasta', reason: 'Google says the access was revoked.', code: 'invalid_grant', error_class: 'disconnect' })),
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /^Failed/ }));
    const job = await screen.findByRole('article', { name: '“Trains at night” to My channel' });
    expect(within(job).getByText(/daily upload quota is used up/)).toBeTruthy();
    expect(within(job).getByText(/code: quotaExceeded/)).toBeTruthy();
    expect(within(job).getByText(/3 attempts/)).toBeTruthy();
    const blocked = screen.getByRole('article', { name: '“Cooking pasta” to Old channel' });
    expect(within(blocked).queryByRole('button', { name: /Retry now/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Reconnect' }).map((link) => link.getAttribute('href'))).toEqual(['/connect']);

    fireEvent.click(within(job).getByRole('button', { name: /^Retry now/ }));
    await waitFor(async () => expect((await outboxItems()).map((item) => [item.kind, item.body])).toEqual([['failedJob.reschedule', { id: quota, scheduled_at: null }]]));
    expect(await within(job).findByText('Waiting to be sent')).toBeTruthy();
  });
});

describe('failed jobs: names and dismissal', () => {
  it('names a job whose video was deleted by its post, or "Deleted video", never with empty quotes', async () => {
    await db.failedJobs.bulkPut([
      toLocalFailedJob(failedJob(crypto.randomUUID(), { video_id: null, video_title: null, post_title: 'Sunrise over the harbour' })),
      toLocalFailedJob(failedJob(crypto.randomUUID(), { video_id: null, video_title: null, post_title: null, account_name: 'Second channel', failed_at: '2026-01-01T00:00:00.000Z' })),
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /^Failed/ }));
    expect(await screen.findByRole('article', { name: '“Sunrise over the harbour” to My channel' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Deleted video to Second channel' })).toBeTruthy();
    expect(screen.queryByText(/“A video”|“”/)).toBeNull();
  });

  it('offers only Dismiss for a publish job whose video was deleted: a retry could only fail again', async () => {
    await db.failedJobs.put(toLocalFailedJob(failedJob(crypto.randomUUID(), { video_id: null, video_title: null, post_title: 'Sunrise over the harbour' })));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /^Failed/ }));
    const job = await screen.findByRole('article', { name: '“Sunrise over the harbour” to My channel' });
    expect(within(job).getByText('Its video was deleted, so it cannot be sent again.')).toBeTruthy();
    expect(within(job).queryByRole('button', { name: /^Retry now/ })).toBeNull();
    expect(within(job).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    expect(within(job).getByRole('button', { name: /^Dismiss/ })).toBeTruthy();
  });

  it('dismiss takes the job off the list at once and queues DELETE /api/failed-jobs/{id}; Undo brings it back, nothing sent', async () => {
    const id = crypto.randomUUID();
    await db.failedJobs.put(toLocalFailedJob(failedJob(id)));
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /^Failed/ }));
    const job = await screen.findByRole('article', { name: '“Trains at night” to My channel' });
    fireEvent.click(within(job).getByRole('button', { name: 'Dismiss: “Trains at night” to My channel' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: '“Trains at night” to My channel' })).toBeNull());
    expect(await screen.findByText('Nothing failed')).toBeTruthy();
    expect((await outboxItems()).map((item) => [item.kind, item.method, item.url])).toEqual([['failedJob.dismiss', 'DELETE', `/api/failed-jobs/${id}`]]);
    // Held for the undo window, like a delete.
    expect((await outboxItems())[0]!.nextAttemptAt).toBeGreaterThan(Date.now());

    fireEvent.click(await screen.findByRole('button', { name: 'Undo dismissal of “Trains at night” to My channel' }));
    expect(await screen.findByRole('article', { name: '“Trains at night” to My channel' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('accessibility', () => {
  it('has no axe violations on each tab with content', async () => {
    await db.posts.put(toLocalPost(serverPost('p1', { status: 'failed', targets: [target(ACCOUNT_ID, { status: 'failed', error: 'Quota used up.', error_code: 'quotaExceeded' })] })));
    await db.failedJobs.put(toLocalFailedJob(failedJob(crypto.randomUUID())));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    // With messages showing: an emptied title, and a time in the past with its hint.
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await screen.findByText('The YouTube title is required.');
    expect(screen.getByText(PASSED_HINT)).toBeTruthy();
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Posts' }));
    await screen.findByRole('article', { name: 'Trains at night' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: /^Failed/ }));
    await screen.findByRole('article', { name: '“Trains at night” to My channel' });
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('has no axe violations when nothing is there yet', async () => {
    await db.publishVideos.clear();
    await db.accounts.clear();
    renderPage();
    await screen.findByText(/No finished videos yet/);
    expect(await violations()).toEqual([]);
  }, 30_000);
});

describe('time zones', () => {
  it('turns wall-clock time in a zone into ISO with that zone’s offset, across daylight saving', async () => {
    const { isoToZoned, zonedToIso, zoneLabel } = await import('../../src/features/publishing/time-zone');
    expect(zonedToIso('2030-01-15', '09:30', 'Europe/Berlin')).toBe('2030-01-15T09:30:00+01:00');
    expect(zonedToIso('2030-07-15', '09:30', 'Europe/Berlin')).toBe('2030-07-15T09:30:00+02:00');
    expect(zonedToIso('2030-07-15', '23:45', 'Asia/Kolkata')).toBe('2030-07-15T23:45:00+05:30');
    // 02:30 does not exist on the night clocks go forward (31 March 2030 in Berlin): it moves on by the gap.
    expect(zonedToIso('2030-03-31', '02:30', 'Europe/Berlin')).toBe('2030-03-31T03:30:00+02:00');
    expect(zonedToIso('2030-02-30', '10:00', 'UTC')).toBeNull();
    expect(isoToZoned('2030-07-15T07:30:00Z', 'Europe/Berlin')).toEqual({ date: '2030-07-15', time: '09:30' });
    expect(zoneLabel('America/New_York', Date.parse('2030-01-15T12:00:00Z'))).toBe('America/New York (GMT-05:00)');
  });
});
