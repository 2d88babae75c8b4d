// The series wizard and settings screen as a creator uses them: the real store (plans, accounts), a
// memory router, the session of a Creator-plan user; the series calls are spied on (the data
// layer queues them in the outbox) and useSeries answers from a table the test fills.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Series } from '../../contract/series';
import { parseSearch, stringifySearch } from '../../src/app/search';
import { toLocalAccount } from '../../src/features/accounts/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverAccount } from './helpers/accounts';
import { PLANS } from './helpers/video-screens';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 40_000 });

vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  return {
    ...original,
    useAuth: () => ({ user: { plan: 'creator' }, credits: 500 }),
    usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: () => true, loading: false }),
  };
});
const calls = vi.hoisted(() => ({
  saveSeriesDraft: vi.fn((_input: unknown) => Promise.resolve()),
  startSeries: vi.fn((_input: unknown) => Promise.resolve()),
  updateSeries: vi.fn((_id: string, _changes: unknown) => Promise.resolve()),
  requestSampleEpisode: vi.fn((_id: string) => Promise.resolve()),
}));
vi.mock('../../src/features/series/data/series-mutations', () => calls);
const known = vi.hoisted(() => new Map<string, Series | null | undefined>());
vi.mock('../../src/features/series/series-queries', () => ({ useSeries: (id: string) => known.get(id) }));

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const { CreateAiSeriesPage } = await import('../../src/features/series/CreateAiSeriesPage');
const { SeriesSettingPage } = await import('../../src/features/series/SeriesSettingPage');

const SERIES_ID = '3c9e7a51-8d2b-4f6e-a1c0-5b7d9e2f4a68';
const ACCOUNT_ID = '7d0b8f6e-2a53-4c11-9a8e-3f3c1b2a4d5e';

function renderAt(url: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = (path: string, component: RouteComponent) => createRoute({ getParentRoute: () => root, path, component });
  const router = createRouter({
    routeTree: root.addChildren([
      page('/create-ai-series', CreateAiSeriesPage),
      page('/create-ai-series/$seriesId', CreateAiSeriesPage),
      page('/video-series/setting/$id', SeriesSettingPage),
      page('/video-series/detail/$id', () => <p>Series detail page</p>),
      page('/video-series', () => <p>Series list</p>),
      page('/connect', () => <p>Connect page</p>),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch,
    stringifySearch,
  });
  render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

function draft(fields: Partial<Series> = {}): Series {
  return {
    id: SERIES_ID,
    name: 'Deep sea',
    description: '',
    tags: [],
    hashtags: [],
    status: 'draft',
    attention: null,
    wizard_step: 0,
    topic: { mode: 'niche', niche: 'Strange facts about the deep sea' },
    style: { duration: 30, language: 'english', art_style: 'cinematic', music: null, caption_settings: { preset: 'bold-pop' }, aspect_ratio: '9:16', watermark: false },
    cadence: { days: [1, 3, 5], times: ['18:00'], per_day: null },
    time_zone: 'Europe/Berlin',
    destinations: { account_ids: [ACCOUNT_ID], options: { youtube: { privacy: 'public', made_for_kids: false, category_id: '22' } } },
    review_mode: 'review',
    lead_hours: 6,
    weekly_credit_cap: null,
    never_again: [],
    stats: { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 },
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

beforeEach(async () => {
  await clearLocalStore();
  await db.plans.bulkPut(PLANS);
  await db.accounts.put(toLocalAccount(serverAccount(ACCOUNT_ID, { name: 'My channel' })));
  setOutboxOwner(() => 'u1');
  known.clear();
  // Toasts of an earlier test would still be on screen (the store is global).
  notifications.clean();
  for (const spy of Object.values(calls)) spy.mockClear();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
});

afterEach(() => setOutboxOwner(null));

describe('create-ai-series wizard', () => {
  it('saves the topic step as a draft through the outbox and continues at the look and sound', async () => {
    const router = renderAt('/create-ai-series');
    expect(await screen.findByText('Step 1 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The step's own checks, with the contract's messages.
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(calls.saveSeriesDraft).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Series name/ }), { target: { value: 'Deep sea' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Niche/ }), { target: { value: 'Strange facts about the deep sea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Look and sound' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();

    expect(calls.saveSeriesDraft).toHaveBeenCalledTimes(1);
    const [saved] = calls.saveSeriesDraft.mock.calls[0] as [Record<string, unknown>];
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      status: 'draft',
      wizard_step: 1,
      name: 'Deep sea',
      topic: { mode: 'niche', niche: 'Strange facts about the deep sea' },
    });
    expect(calls.updateSeries).toHaveBeenCalledWith(saved.id, { wizard_step: 1, name: 'Deep sea', topic: { mode: 'niche', niche: 'Strange facts about the deep sea' } });
    // A reload continues the draft: its id is in the address now.
    expect(router.state.location.pathname).toBe(`/create-ai-series/${saved.id as string}`);
  });

  it('continues a saved draft at the step it reached', async () => {
    known.set(SERIES_ID, draft({ wizard_step: 2 }));
    renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { name: 'When' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
    // Loaded from the draft: Monday, Wednesday and Friday at 18:00.
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Time 1')).toHaveProperty('value', '18:00');
    expect(screen.getByText('Next posts:')).toBeTruthy();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(5);

    // "N a day": the times are spread over the day.
    fireEvent.click(screen.getByRole('radio', { name: 'N a day' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Videos a day/ }), { target: { value: '3' } });
    expect(await screen.findByText('At 09:00, 15:00, 21:00')).toBeTruthy();
  });

  it('locks the look and sound with the create flow’s pickers and saves it with the step', async () => {
    known.set(SERIES_ID, draft({ wizard_step: 1, style: null }));
    renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { name: 'Look and sound' })).toBeTruthy();
    // The shared pickers, in their own chunk: art styles, voices, built-in music, the caption preview.
    fireEvent.click(await screen.findByRole('radio', { name: /Anime/ }));
    expect(await screen.findByRole('heading', { name: 'Built-in music' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search voices' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
    fireEvent.click(screen.getByRole('radio', { name: '1:1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'When' })).toBeTruthy();
    expect(calls.updateSeries).toHaveBeenCalledTimes(1);
    const [id, changes] = calls.updateSeries.mock.calls[0] as [string, Record<string, unknown>];
    expect(id).toBe(SERIES_ID);
    expect(changes).toMatchObject({
      wizard_step: 2,
      style: { duration: 30, language: 'english', art_style: 'anime', music: { track_id: 'auto', volume: expect.any(Number) as number }, caption_settings: { preset: 'bold-pop' }, aspect_ratio: '1:1', watermark: false },
    });
    // The draft was routed already: no new address.
    expect(calls.saveSeriesDraft).toHaveBeenCalledTimes(1);
  });

  it('says that publishing automatically is not recommended', async () => {
    known.set(SERIES_ID, draft({ wizard_step: 3 }));
    renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { name: 'Where' })).toBeTruthy();
    expect(screen.queryByText('Publishing without review')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Publish automatically/ }));
    const alert = await screen.findByText('Publishing without review');
    expect(alert.closest('[role="status"]')?.textContent).toMatch(/Not recommended: nothing checks an episode before it goes out\./);
  });

  it('shows the weekly cost on review and starts the series with the full input', async () => {
    known.set(SERIES_ID, draft({ wizard_step: 4, cadence: { days: [0, 1, 2, 3, 4, 5, 6], times: ['09:00', '21:00'], per_day: null } }));
    const router = renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeTruthy();
    // Creator plan: 0.5 credits a second; 14 episodes of 30 s.
    await waitFor(() => expect(screen.getByTestId('series-cost').textContent).toBe('About 210 credits a week: 14 episodes × 15 credits.'));
    await waitFor(() => expect(screen.getByText(/My channel; you review each episode/)).toBeTruthy());

    const start = screen.getByRole('button', { name: 'Start series' });
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(start);
      fireEvent.click(start);
      await Promise.resolve();
    });
    await screen.findByText('Series detail page');
    expect(router.state.location.pathname).toBe(`/video-series/detail/${SERIES_ID}`);
    expect(calls.startSeries).toHaveBeenCalledTimes(1);
    expect(calls.startSeries.mock.calls[0]?.[0]).toEqual({
      id: SERIES_ID,
      status: 'active',
      wizard_step: 4,
      name: 'Deep sea',
      topic: { mode: 'niche', niche: 'Strange facts about the deep sea' },
      style: { duration: 30, language: 'english', art_style: 'cinematic', music: null, caption_settings: { preset: 'bold-pop' }, aspect_ratio: '9:16', watermark: false },
      cadence: { days: [0, 1, 2, 3, 4, 5, 6], times: ['09:00', '21:00'], per_day: null },
      time_zone: 'Europe/Berlin',
      destinations: { account_ids: [ACCOUNT_ID], options: { youtube: { privacy: 'public', made_for_kids: false } } },
      review_mode: 'review',
      lead_hours: 6,
      weekly_credit_cap: null,
    });
  });

  it('makes a sample episode first: saves the draft, asks for the sample and opens the series', async () => {
    // TikTok chosen without a privacy level: the sample still goes, the destinations are not saved.
    const tiktok = '2f1e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
    await db.accounts.put(toLocalAccount(serverAccount(tiktok, { name: 'My TikTok', platform: 'tiktok' })));
    known.set(SERIES_ID, draft({ wizard_step: 4, destinations: { account_ids: [tiktok], options: {} } }));
    const router = renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByText('Choose who can see the TikTok post.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make a sample episode first' }));
    await screen.findByText('Series detail page');
    expect(router.state.location.pathname).toBe(`/video-series/detail/${SERIES_ID}`);
    expect(calls.requestSampleEpisode).toHaveBeenCalledWith(SERIES_ID);
    const [, changes] = calls.updateSeries.mock.calls[0] as [string, Record<string, unknown>];
    expect(changes.wizard_step).toBe(3);
    expect(changes).not.toHaveProperty('destinations');
    expect(changes).toHaveProperty('cadence');
    expect(calls.startSeries).not.toHaveBeenCalled();
  });

  it('lists what keeps a draft from starting, with a way back to its step', async () => {
    known.set(SERIES_ID, draft({ wizard_step: 4, destinations: { account_ids: [], options: {} } }));
    renderAt(`/create-ai-series/${SERIES_ID}`);
    expect(await screen.findByText('Choose at least one account to post to before starting the series.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start series' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Go to where' }));
    expect(await screen.findByRole('heading', { name: 'Where' })).toBeTruthy();
  });
});

describe('series settings', () => {
  it('cannot be changed until the series is loaded', async () => {
    known.set(SERIES_ID, undefined);
    renderAt(`/video-series/setting/${SERIES_ID}`);
    expect(await screen.findByText('Loading the series...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: /Prepare each episode/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toHaveProperty('disabled', true);
  });

  it('says so for an unknown series', async () => {
    known.set(SERIES_ID, null);
    renderAt(`/video-series/setting/${SERIES_ID}`);
    expect(await screen.findByText('No series here')).toBeTruthy();
  });

  it('saves only the changed fields, with the note that changes apply to episodes not rendered yet', async () => {
    known.set(SERIES_ID, draft({ status: 'active', wizard_step: 4 }));
    renderAt(`/video-series/setting/${SERIES_ID}`);
    expect(await screen.findByText('Changes apply to episodes not rendered yet.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: /Prepare each episode/ }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(calls.updateSeries).toHaveBeenCalledTimes(1));
    expect(calls.updateSeries).toHaveBeenCalledWith(SERIES_ID, { cadence: { days: [0, 1, 3, 5], times: ['18:00'], per_day: null }, lead_hours: 12 });

    fireEvent.click(screen.getByRole('button', { name: 'Pause series' }));
    await waitFor(() => expect(calls.updateSeries).toHaveBeenLastCalledWith(SERIES_ID, { status: 'paused' }));
  });
});

// axe-core over every step and the settings (contrast is checked by the browser tests; happy-dom
// computes no styles).
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('series screens accessibility', () => {
  it('has no axe violations on any step of the wizard', async () => {
    const headings = ['Topic', 'Look and sound', 'When', 'Where', 'Review'];
    for (const [step, name] of headings.entries()) {
      known.set(SERIES_ID, draft({ wizard_step: step, review_mode: 'auto', weekly_credit_cap: 150 }));
      renderAt(`/create-ai-series/${SERIES_ID}`);
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
      if (name === 'Look and sound') await screen.findByRole('heading', { name: 'Built-in music' });
      if (name === 'Where') await screen.findByText('My channel');
      expect(await violations(), name).toEqual([]);
      cleanup();
    }
  });

  it('has no axe violations on the settings, loading and loaded', async () => {
    known.set(SERIES_ID, undefined);
    renderAt(`/video-series/setting/${SERIES_ID}`);
    await screen.findByText('Loading the series...');
    expect(await violations()).toEqual([]);
    cleanup();
    known.set(SERIES_ID, draft({ status: 'paused', wizard_step: 4 }));
    renderAt(`/video-series/setting/${SERIES_ID}`);
    await screen.findByRole('button', { name: 'Resume series' });
    await screen.findByRole('heading', { name: 'Built-in music' });
    expect(await violations()).toEqual([]);
  });
});
