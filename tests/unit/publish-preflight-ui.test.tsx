// The composer's pre-flight and doubles: per chosen platform a plain
// list of what to fix, Publish/Schedule blocked on errors (the first field to fix focused) but not
// on warnings, and a confirm step for a double found in the posts on this device (offline too).
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalPost } from '../../src/features/publishing/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { renderPublishPage } from './helpers/publish-page';
import { ACCOUNT_2_ID, ACCOUNT_ID, account, publishableVideo, serverPost, target, VIDEO_2_ID, VIDEO_ID } from './helpers/publishing';

const renderPage = renderPublishPage;

const TIKTOK_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const INSTAGRAM_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const render30fps = { fps: 30, video_codec: 'h264', audio_codec: 'aac', container: 'mp4', size_bytes: 20 * 1024 * 1024 };

beforeEach(async () => {
  // Times in the doubles' messages are the creator's zone: pin it.
  const base = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...base, timeZone: 'UTC' });
  setOutboxOwner(() => 'u1');
  await db.publishVideos.bulkPut([
    publishableVideo(VIDEO_ID, { title: 'Trains at night', duration: 42, width: 1080, height: 1920, created_at: '2026-01-02T00:00:00.000Z', ...render30fps }),
    publishableVideo(VIDEO_2_ID, { title: 'Blink', duration: 2, width: 1920, height: 1080, ...render30fps }),
  ]);
  await db.accounts.bulkPut([
    account(ACCOUNT_ID, { name: 'My channel' }),
    account(TIKTOK_ID, { name: 'My TikTok', platform: 'tiktok', connected_at: '2026-01-02T00:00:00.000Z' }),
    account(INSTAGRAM_ID, { name: 'My Reels', platform: 'instagram', connected_at: '2026-01-03T00:00:00.000Z' }),
  ]);
});

afterEach(async () => {
  notifications.clean();
  vi.restoreAllMocks();
  setOutboxOwner(null);
  await clearLocalStore();
});

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const preflightBox = () => screen.getByRole('region', { name: 'Before you publish' });
const fixes = () => within(preflightBox()).queryByRole('list', { name: 'Fix before publishing' });
const notes = () => within(preflightBox()).queryByRole('list', { name: 'Good to know' });
const items = (list: HTMLElement | null) => (list ? within(list).getAllByRole('listitem').map((item) => item.textContent) : []);

// Whole-form flows on a loaded machine take seconds; the default 5 s would make them flaky.
describe('pre-flight in the composer', { timeout: 30_000 }, () => {
  it('lists what to fix per platform and blocks Publish, focusing the first field to fix', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.change(title, { target: { value: 'T'.repeat(112) } });
    expect(items(fixes())).toEqual(['YouTube: shorten the title to 100 characters (it has 112).']);

    // A description within 5000 characters but over YouTube's 5000 bytes: only the pre-flight knows.
    fireEvent.change(title, { target: { value: 'Trains at night' } });
    expect(fixes()).toBeNull();
    const description = screen.getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'é'.repeat(2600) } });
    expect(items(fixes())).toEqual(['YouTube: shorten the description to 5000 bytes (it has 5200; accented letters and emoji count 2–4 each).']);
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Shorten the description to 5000 bytes (it has 5200; accented letters and emoji count 2–4 each).', { selector: '.mantine-InputWrapper-error, [id$="-error"]' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(description, { target: { value: 'Short and sweet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });

  it('TikTok privacy has its own field (the TikTok options): the first fix focuses it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Blink' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My TikTok/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My Reels/ }));
    expect(items(fixes())).toEqual(['TikTok: choose who can see the post (TikTok requires the choice).', 'Instagram: use a video of at least 3 s (this one is 2 s).']);
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Who can see this post/ })), { timeout: 5000 });
    expect(await db.outbox.count()).toBe(0);
    expect(await violations()).toEqual([]);
  });

  it('warnings do not block', async () => {
    await db.publishVideos.put(publishableVideo(VIDEO_2_ID, { title: 'Landscape', duration: 30, width: 1920, height: 1080, ...render30fps }));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Landscape' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My Reels/ }));
    expect(fixes()).toBeNull();
    expect(items(notes())).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });
});

describe('doubles in the composer', { timeout: 30_000 }, () => {
  it('asks before posting a video already scheduled on the account; Go back keeps it, Post anyway sends it', async () => {
    await db.posts.put(toLocalPost(serverPost('99999999-9999-4999-8999-999999999999', { scheduled_at: '2030-01-01T10:00:00.000Z', targets: [target(ACCOUNT_ID, { account_name: 'My channel' })] })));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));

    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('This video is already scheduled on My channel for Tue, 1 Jan 2030, 10:00 — post again anyway?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(await db.outbox.count()).toBe(0);
    expect(await violations()).toEqual([]);

    fireEvent.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Publish now' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Post anyway' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });

  it('asks when another post on the account is closer than the gap, not for other accounts', async () => {
    await db.posts.put(
      toLocalPost(serverPost('99999999-9999-4999-8999-999999999999', { video_id: VIDEO_2_ID, scheduled_at: '2030-06-01T10:30:00.000Z', targets: [target(ACCOUNT_ID, { account_name: 'My channel' })] })),
    );
    await db.accounts.put(account(ACCOUNT_2_ID, { name: 'Second channel', connected_at: '2026-01-04T00:00:00.000Z' }));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Second channel/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-06-01' } });
    fireEvent.change(screen.getByLabelText(/^Time$|^Time \*/), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('Another post goes to My channel at Sat, 1 Jun 2030, 10:30, less than 60 min apart — post anyway?');

    // Moved two hours later: no question, it is scheduled.
    fireEvent.change(screen.getByLabelText(/^Time$|^Time \*/), { target: { value: '12:30' } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  });
});
