// The calendar screen: posts from the local store in the month view and the
// agenda, status colours and words, drag and drop through the extracted drop handler (happy-dom
// has no layout, so FullCalendar's pointer dragging cannot run here), past drops refused, the
// details of a post, "Move to", the empty state, and axe over the page.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostTarget } from '../../contract/publishing';
import { reschedulePost, toLocalPost } from '../../src/features/publishing/data/posts';
import { canReschedule, postStart, toPostEvent, toPostEvents } from '../../src/features/publishing/calendar/calendar-events';
import { decideMove, fromLocalInputValue, handleDrop, PAST_REFUSAL, toLocalInputValue, type MoveDeps } from '../../src/features/publishing/calendar/reschedule';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { clearLocalStore, db, type LocalPost } from '../../src/store';
import { setEngineHooks, setOutboxOwner } from '../../src/sync';
import { target as sharedTarget } from './helpers/publishing';

const { CalendarPage, EMPTY_CALENDAR_TEXT } = await import('../../src/features/publishing/calendar/CalendarPage');

const NOW = new Date('2026-11-10T09:00:00.000Z');
const now = () => NOW;

/** A target on its own account (the calendar only reads status, platform and name). */
const target = (fields: Partial<PostTarget> = {}): PostTarget => sharedTarget(crypto.randomUUID(), { id: crypto.randomUUID(), account_name: 'My channel', ...fields });

function serverPost(id: string, fields: Partial<Post> = {}): Post {
  return {
    id,
    status: 'scheduled',
    video_id: `video-${id}`,
    video: { id: `video-${id}`, title: `Video ${id}`, thumbnail_url: null, duration: 30 },
    caption: 'A caption',
    scheduled_at: '2026-11-12T12:00:00.000Z',
    timezone: null,
    options: {},
    targets: [target()],
    published_at: null,
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...fields,
  };
}

const local = (post: Post): LocalPost => toLocalPost(post);

function renderPage() {
  const rootRoute = createRootRoute({
    component: () => (
      <main>
        <CalendarPage initialDate="2026-11-10" now={now} />
      </main>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/calender'] }) });
  return render(
    <MantineProvider env="test" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(", ")}`);
}

/** The calendar entry (role=button, focusable) whose text contains `title`. */
function entry(title: string): HTMLElement {
  const element = screen.getByText(title, { selector: '.rf-cal-entry-title' }).closest<HTMLElement>('[role="button"]');
  if (!element) throw new Error(`no entry for ${title}`);
  return element;
}

let pulls: string[] = [];

beforeEach(() => {
  // The clock of reschedulePost's own past check too (only Date is faked: Dexie and FullCalendar
  // keep their real timers).
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  setOutboxOwner(() => 'u1');
  pulls = [];
  setEngineHooks({ pull: (collection) => Promise.resolve(void pulls.push(collection)) });
});
afterEach(async () => {
  vi.useRealTimers();
  notifications.clean();
  setOutboxOwner(null);
  setEngineHooks(null);
  await clearLocalStore();
});

describe('posts as calendar entries', () => {
  it('places a post at its scheduled time, else when it went out or was made; an undated draft has no place', () => {
    expect(postStart(serverPost('a'))).toBe('2026-11-12T12:00:00.000Z');
    expect(postStart(serverPost('b', { status: 'published', scheduled_at: null, published_at: '2026-11-05T08:00:00.000Z' }))).toBe('2026-11-05T08:00:00.000Z');
    expect(postStart(serverPost('c', { status: 'failed', scheduled_at: null }))).toBe('2026-11-01T12:00:00.000Z');
    expect(postStart(serverPost('d', { status: 'draft', scheduled_at: null }))).toBeNull();
    expect(postStart(serverPost('e', { status: 'draft', scheduled_at: '2026-11-20T10:00:00.000Z' }))).toBe('2026-11-20T10:00:00.000Z');
  });

  it('colours and labels each status, and lets only scheduled and failed posts be dragged', () => {
    const statuses = ['draft', 'scheduled', 'publishing', 'published', 'partially_published', 'failed'] as const;
    const events = statuses.map((status) => toPostEvent(local(serverPost(status, { status })))!);
    expect(events.map((event) => event.extendedProps.statusLabel)).toEqual(['Draft', 'Scheduled', 'Publishing', 'Published', 'Partly published', 'Failed']);
    expect(events.map((event) => event.color)).toEqual(statuses.map((status) => `var(--rf-cal-${status}-bg)`));
    expect(events.map((event) => event.contrastColor)).toEqual(statuses.map((status) => `var(--rf-cal-${status}-fg)`));
    expect(events.map((event) => event.startEditable)).toEqual([false, true, false, false, false, true]);
    expect(statuses.map((status) => canReschedule({ status }))).toEqual([false, true, false, false, false, true]);
  });

  it('names platforms once each, titles the post, flags pending rows and sorts by time', () => {
    const post = serverPost('p', {
      video: null,
      options: { youtube: { title: 'From the YouTube title', description: '', tags: [], privacy: 'public', made_for_kids: false, ai_disclosure: true, category_id: '22' } },
      targets: [target({ platform: 'tiktok' }), target(), target({ platform: 'youtube', account_name: 'Second channel' })],
    });
    const pending: LocalPost = { ...local(post), syncStatus: 'pending' };
    const later = local(serverPost('later', { scheduled_at: '2026-11-30T12:00:00.000Z' }));
    const events = toPostEvents([later, pending, local(serverPost('undated', { status: 'draft', scheduled_at: null }))]);
    expect(events.map((event) => event.id)).toEqual(['p', 'later']);
    expect(events[0]).toMatchObject({ title: 'From the YouTube title', extendedProps: { platforms: ['youtube', 'tiktok'], platformsLabel: 'YouTube, TikTok', pending: true } });
    expect(events[1]?.extendedProps.pending).toBe(false);
  });
});

describe('moving a post', () => {
  function deps(posts: LocalPost[], reschedule = vi.fn(() => Promise.resolve())) {
    const refused = vi.fn();
    const moved = vi.fn();
    const byId = new Map(posts.map((post) => [post.id, post]));
    const value: MoveDeps = { findPost: (id) => byId.get(id), reschedule, now, refused, moved };
    return { value, refused, moved, reschedule };
  }

  it('turns a drop into reschedulePost(id, ISO of the new start)', async () => {
    const post = local(serverPost('a'));
    // FullCalendar moved the entry one day and two hours later: the drop info carries the new start.
    const start = new Date(new Date(post.scheduled_at!).getTime() + 26 * 3600 * 1000);
    const revert = vi.fn();
    const { value, reschedule, moved, refused } = deps([post]);
    await expect(handleDrop({ event: { id: 'a', start }, revert }, value)).resolves.toBe(true);
    expect(reschedule).toHaveBeenCalledWith('a', '2026-11-13T14:00:00.000Z');
    expect(moved).toHaveBeenCalledWith('a', '2026-11-13T14:00:00.000Z');
    expect(revert).not.toHaveBeenCalled();
    expect(refused).not.toHaveBeenCalled();
  });

  it('refuses a drop in the past with a message and puts the entry back', async () => {
    const post = local(serverPost('a'));
    const revert = vi.fn();
    const { value, reschedule, refused } = deps([post]);
    await expect(handleDrop({ event: { id: 'a', start: new Date('2026-11-09T12:00:00.000Z') }, revert }, value)).resolves.toBe(false);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith(PAST_REFUSAL);
    expect(reschedule).not.toHaveBeenCalled();
    // "Now" itself is not the future either.
    expect(decideMove(post, NOW, NOW)).toEqual({ ok: false, reason: PAST_REFUSAL });
  });

  it('refuses published or publishing posts, and puts the entry back when storing fails', async () => {
    expect(decideMove({ status: 'published' }, new Date('2026-12-01T00:00:00Z'), NOW).ok).toBe(false);
    expect(decideMove({ status: 'publishing' }, new Date('2026-12-01T00:00:00Z'), NOW).ok).toBe(false);
    expect(decideMove({ status: 'failed' }, new Date('2026-12-01T00:00:00Z'), NOW)).toEqual({ ok: true, iso: '2026-12-01T00:00:00.000Z' });
    const revert = vi.fn();
    const { value, refused } = deps([local(serverPost('a'))], vi.fn(() => Promise.reject(new Error('The device is out of space.'))));
    await expect(handleDrop({ event: { id: 'a', start: new Date('2026-12-01T00:00:00Z') }, revert }, value)).resolves.toBe(false);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith('The device is out of space.');
  });

  it('reads and writes datetime-local values in the device time zone', () => {
    const date = new Date(2026, 10, 12, 14, 30);
    expect(toLocalInputValue(date)).toBe('2026-11-12T14:30');
    expect(fromLocalInputValue('2026-11-12T14:30')?.getTime()).toBe(date.getTime());
    expect(fromLocalInputValue('2026-02-30T10:00')).toBeNull();
    expect(fromLocalInputValue('')).toBeNull();
  });

  it('reschedulePost shows the new time at once, badged pending, and queues POST /api/posts/{id}/reschedule', async () => {
    await db.posts.put(local(serverPost('a')));
    await reschedulePost('a', '2026-11-20T15:00:00.000Z');
    const row = await db.posts.get('a');
    expect(row).toMatchObject({ scheduled_at: '2026-11-20T15:00:00.000Z', syncStatus: 'pending' });
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'post.reschedule', method: 'POST', url: '/api/posts/a/reschedule', body: { scheduled_at: '2026-11-20T15:00:00.000Z' } });
    await db.posts.put(local(serverPost('b', { status: 'published' })));
    await expect(reschedulePost('b', '2026-11-20T15:00:00.000Z')).rejects.toThrow();
  });
});

describe('the calendar screen', () => {
  async function seed(): Promise<void> {
    await db.posts.bulkPut([
      local(serverPost('sched', { video: { id: 'v1', title: 'Launch teaser', thumbnail_url: null, duration: 20 } })),
      local(
        serverPost('fail', {
          status: 'failed',
          scheduled_at: '2026-11-14T12:00:00.000Z',
          video: { id: 'v2', title: 'Broken upload', thumbnail_url: null, duration: 20 },
          // The address YouTube gave when it took an earlier upload stays on the failed target.
          targets: [
            target({ status: 'failed', attempts: 3, error: 'YouTube says the daily upload quota is used up.', error_code: 'quotaExceeded', error_class: 'quota', platform_post_id: 'gone', url: 'https://www.youtube.com/watch?v=gone' }),
          ],
        }),
      ),
      local(
        serverPost('done', {
          status: 'published',
          scheduled_at: '2026-11-05T12:00:00.000Z',
          published_at: '2026-11-05T12:01:00.000Z',
          video: { id: 'v3', title: 'Old hit', thumbnail_url: null, duration: 20 },
          targets: [target({ status: 'published', url: 'https://www.youtube.com/watch?v=abc', platform_post_id: 'abc' })],
        }),
      ),
    ]);
    // Made on this device and not sent yet: it is on the calendar too, marked as waiting.
    await db.posts.put({ ...local(serverPost('offline', { scheduled_at: '2026-11-18T12:00:00.000Z', video: { id: 'v4', title: 'Made offline', thumbnail_url: null, duration: 20 } })), syncStatus: 'pending' });
  }

  it('pulls the posts on entry and shows the posts of the local store in the month view, coloured and labelled', async () => {
    await seed();
    renderPage();
    await screen.findByText('Launch teaser', { selector: '.rf-cal-entry-title' });
    expect(pulls).toContain('posts');
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeTruthy();
    for (const title of ['Broken upload', 'Old hit', 'Made offline']) expect(entry(title)).toBeTruthy();
    const teaser = entry('Launch teaser');
    expect(teaser.style.getPropertyValue('--fc-event-color')).toBe('var(--rf-cal-scheduled-bg)');
    expect(teaser.className).toContain('rf-cal-event-scheduled');
    expect(teaser.textContent).toContain('Scheduled');
    expect(teaser.textContent).toContain('YouTube');
    expect(entry('Broken upload').className).toContain('rf-cal-event-failed');
    expect(entry('Broken upload').textContent).toContain('Failed');
    expect(entry('Made offline').textContent).toContain('waiting to be sent');
    // FullCalendar lets scheduled and failed entries be dragged, not published ones.
    const draggable = (title: string) => entry(title).querySelector('.rf-cal-entry')?.getAttribute('data-draggable');
    expect(['Launch teaser', 'Broken upload', 'Old hit'].map(draggable)).toEqual(['true', 'true', 'false']);
    expect(screen.queryByText(EMPTY_CALENDAR_TEXT)).toBeNull();
  }, 30_000);

  it('lists the posts with their status in words in the agenda view, and moves between months', async () => {
    await seed();
    renderPage();
    await screen.findByText('Launch teaser', { selector: '.rf-cal-entry-title' });
    fireEvent.click(screen.getByRole('radio', { name: 'Agenda' }));
    await waitFor(() => expect(document.querySelector('[role="list"] .rf-cal-entry-status')).not.toBeNull());
    const statuses = [...document.querySelectorAll('.rf-cal-entry-status')].map((element) => element.textContent);
    expect(statuses).toEqual(['Published', 'Scheduled', 'Failed', 'Scheduled']);
    fireEvent.click(screen.getByRole('button', { name: /next month/i }));
    await screen.findByRole('heading', { level: 2, name: 'December 2026' });
    expect(screen.queryByText('Launch teaser')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /previous month/i }));
    await screen.findByRole('heading', { level: 2, name: 'November 2026' });
    expect(entry('Launch teaser')).toBeTruthy();
  }, 30_000);

  it('opens the agenda first on a phone', async () => {
    await seed();
    // A phone-sized screen: Mantine's `sm` query (max-width 47.99em) matches.
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 47.99em'),
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      renderPage();
      await screen.findByText('Launch teaser', { selector: '.rf-cal-entry-title' });
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Agenda' }).checked).toBe(true);
      expect(document.querySelectorAll('.rf-cal-entry-status').length).toBe(4);
    } finally {
      phone.mockRestore();
    }
  }, 30_000);

  it('opens a post (keyboard too) with its accounts, statuses and errors, and links to Publish for editing', async () => {
    await seed();
    renderPage();
    await screen.findByText('Broken upload', { selector: '.rf-cal-entry-title' });
    const failed = entry('Broken upload');
    expect(failed.tabIndex).toBe(0);
    fireEvent.keyDown(failed, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Broken upload' });
    expect(within(dialog).getByText('YouTube says the daily upload quota is used up. (code: quotaExceeded)')).toBeTruthy();
    expect(within(dialog).getByText(/3 attempts/)).toBeTruthy();
    expect(within(dialog).getByText('Sandbox')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Edit on Publish' }).getAttribute('href')).toBe('/publish?post=fail');
    expect(within(dialog).getByLabelText(/Move to/)).toBeTruthy();
    // Not published: nothing to view on YouTube.
    expect(within(dialog).queryByRole('link', { name: /View on/ })).toBeNull();
    expect(await violations()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(entry('Old hit'));
    const published = await screen.findByRole('dialog', { name: 'Old hit' });
    expect(within(published).getByRole('link', { name: /View on YouTube/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    // A published post stays where it is: no "Move to".
    expect(within(published).queryByLabelText(/Move to/)).toBeNull();
  }, 30_000);

  it('"Move to" refuses the past with a message and queues a future time', async () => {
    await seed();
    renderPage();
    await screen.findByText('Launch teaser', { selector: '.rf-cal-entry-title' });
    fireEvent.click(entry('Launch teaser'));
    const dialog = await screen.findByRole('dialog', { name: 'Launch teaser' });
    const input = within(dialog).getByLabelText(/Move to/);
    fireEvent.change(input, { target: { value: '2026-11-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(PAST_REFUSAL)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(input, { target: { value: '2026-11-25T16:45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    const expected = new Date(2026, 10, 25, 16, 45).toISOString();
    await waitFor(async () => expect((await db.posts.get('sched'))?.scheduled_at).toBe(expected), { timeout: 10_000 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'post.reschedule', url: '/api/posts/sched/reschedule', body: { scheduled_at: expected } });
    expect(await screen.findByText('New time saved')).toBeTruthy();
    expect(await within(dialog).findByText('Waiting to be sent')).toBeTruthy();
  }, 30_000);

  it('has no axe violations in the month view and the agenda', async () => {
    await seed();
    renderPage();
    await screen.findByText('Launch teaser', { selector: '.rf-cal-entry-title' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Agenda' }));
    await waitFor(() => expect(document.querySelector('.rf-cal-entry-status')).not.toBeNull());
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('says what to do when there is nothing to show, without axe violations', async () => {
    await db.posts.put(local(serverPost('undated', { status: 'draft', scheduled_at: null })));
    renderPage();
    expect(await screen.findByText(EMPTY_CALENDAR_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe('/publish');
    expect(await violations()).toEqual([]);
  }, 30_000);
});
