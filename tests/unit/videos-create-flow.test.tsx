// The create-ai-video flow as a creator uses it: the real store, the real videos
// collection (its createVideoLocally is only spied on) and a memory router; the session is a Free
// user with 100 credits. A topic reaches review with the plan's price, Create queues exactly one
// video with the right request and goes to My videos; locked styles cannot be chosen; the plan's
// maximum length is enforced; a typed script asks before leaving.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { FREE_STYLES, PLANS, renderScreen } from './helpers/video-screens';
import { serverTrack } from './helpers/videos';

// The machine is shared: give the store's live queries time to answer.
configure({ asyncUtilTimeout: 15_000 });

const session = vi.hoisted(() => ({ plan: 'free', credits: 100 }));
vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  const allowed = (style: string) => {
    const plan = PLANS.find((candidate) => candidate.key === session.plan);
    return plan?.allowed_art_styles === null || Boolean(plan?.allowed_art_styles?.includes(style));
  };
  return {
    ...original,
    useAuth: () => ({ user: { plan: session.plan }, credits: session.credits }),
    usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: allowed, loading: false }),
  };
});
const createVideoLocally = vi.hoisted(() => ({ spy: null as null | ReturnType<typeof vi.fn> }));
vi.mock('../../src/features/videos/data/videos', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/videos/data/videos')>();
  createVideoLocally.spy = vi.fn(original.createVideoLocally);
  return { ...original, createVideoLocally: createVideoLocally.spy };
});

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// Mantine screens render slowly in happy-dom; these tests walk several steps each.
vi.setConfig({ testTimeout: 30_000 });

const { CreateAiVideoPage } = await import('../../src/features/videos/CreateAiVideoPage');

function section(title: RegExp): HTMLElement {
  return screen.getByRole('button', { name: title });
}

async function openStep(title: RegExp): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  await waitFor(() => expect(section(title).getAttribute('aria-expanded')).toBe('true'));
}

beforeEach(async () => {
  await clearLocalStore();
  await db.plans.bulkPut(PLANS);
  setOutboxOwner(() => 'u1');
  session.plan = 'free';
  session.credits = 100;
  createVideoLocally.spy?.mockClear();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
});

afterEach(() => setOutboxOwner(null));

describe('create-ai-video flow', () => {
  it('goes from a topic to review with the plan’s price and creates one queued video', async () => {
    const { router } = renderScreen(CreateAiVideoPage);
    expect(await screen.findByText('You are offline')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Topic' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Topic/ }), { target: { value: 'Five facts about octopuses' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(section(/Length and language/).getAttribute('aria-expanded')).toBe('true'));
    expect(await screen.findByText('Your Free plan makes videos of up to 60 seconds.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Length in seconds/ }), { target: { value: '40' } });

    await openStep(/Review and create/);
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('20 credits'));
    expect(screen.getByText('40 seconds × 0.5 credits a second = 20 credits')).toBeTruthy();
    expect(screen.getByText(/You asked for 40 seconds/)).toBeTruthy();
    expect(screen.getByText(/You have 100 credits/)).toBeTruthy();

    const create = screen.getByRole('button', { name: 'Create video' });
    await act(async () => {
      fireEvent.click(create);
      fireEvent.click(create);
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    expect(router.state.location.pathname).toBe('/my-videos');
    expect(createVideoLocally.spy).toHaveBeenCalledTimes(1);
    const [request, quote] = createVideoLocally.spy!.mock.calls[0] as [Record<string, unknown>, unknown];
    expect(request).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      prompt: 'Five facts about octopuses',
      duration: 40,
      language: 'english',
      art_style: 'cinematic',
      music: null,
      caption_settings: { preset: 'bold-pop' },
      aspect_ratio: '9:16',
      watermark: false,
    });
    expect(quote).toEqual({ credits: 20, seconds: 40 });
    // Offline: queued on this device, waiting to be sent.
    const video = await db.videos.get(request.id as string);
    expect(video).toMatchObject({ status: 'queued', syncStatus: 'pending', credits_charged: 20 });
    expect(await screen.findByText(/It will be sent when you’re back online/)).toBeTruthy();
  });

  it('sends "auto" music or a built-in track chosen in the music step', async () => {
    renderScreen(CreateAiVideoPage);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Script/ }), { target: { value: 'The secret of the hidden room is still unsolved.' } });
    await openStep(/^Music/);
    fireEvent.click(screen.getByRole('button', { name: /^Use this track\s*: Morning Haze$/ }));
    expect(await screen.findByText('Morning Haze (built-in)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
    expect(await screen.findByText('Auto (a built-in track that fits your script)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed')).toBe('true');
    await openStep(/Review and create/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    const [request] = createVideoLocally.spy!.mock.calls[0] as [Record<string, unknown>, unknown];
    expect(request.music).toEqual({ track_id: 'auto', volume: 0.25 });
  });

  it('prices a written script by its narration and sends the music, caption and frame choices', async () => {
    session.plan = 'pro';
    renderScreen(CreateAiVideoPage);
    const words = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Script/ }), { target: { value: words } });
    expect(screen.getByText('50 words — about 20 seconds spoken')).toBeTruthy();
    const trackId = crypto.randomUUID();
    await db.music.put({ ...serverTrack(trackId, { title: 'Calm piano' }), syncStatus: 'synced', syncError: null, failedOutboxId: null });
    await openStep(/^Music/);
    fireEvent.click(await screen.findByRole('button', { name: 'Use this track' }));
    expect(await screen.findByText('Music volume: 25%')).toBeTruthy();
    await openStep(/Captions and frame/);
    fireEvent.click(screen.getByLabelText('Upper case'));
    fireEvent.click(screen.getByRole('radio', { name: '1:1' }));
    await openStep(/Review and create/);
    // 20 s × 0.25 credits a second on Pro.
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('5 credits'));
    expect(screen.getByText(/50 words read at about 150 words a minute take about 20 seconds/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    const [request, quote] = createVideoLocally.spy!.mock.calls[0] as [Record<string, unknown>, unknown];
    expect(request).toMatchObject({ script: words, caption_settings: { preset: 'bold-pop', uppercase: false }, aspect_ratio: '1:1', music: { track_id: trackId, volume: 0.25 } });
    expect(request).not.toHaveProperty('prompt');
    expect(quote).toEqual({ credits: 5, seconds: 20 });
  });

  it('shows locked art styles with the plan that unlocks them and does not let them be chosen', async () => {
    renderScreen(CreateAiVideoPage);
    await openStep(/Art style/);
    const cyberpunk = screen.getByRole<HTMLButtonElement>('radio', { name: /Cyberpunk/ });
    // The catalogue arrives from the store a moment after the first render.
    await waitFor(() => expect(cyberpunk.textContent).toContain('Locked — included in the Pro plan'));
    expect(screen.getByRole('radio', { name: /Comic/ }).textContent).toContain('Locked — included in the Creator plan');
    expect(cyberpunk.disabled).toBe(true);
    fireEvent.click(cyberpunk);
    expect(cyberpunk.getAttribute('aria-checked')).toBe('false');
    for (const style of FREE_STYLES) expect((screen.getByRole<HTMLButtonElement>('radio', { name: new RegExp(style, 'i') })).disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /Anime/ }));
    expect(screen.getByRole('radio', { name: /Anime/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('refuses a locked style that came from the URL, and a topic or script longer than the plan allows', async () => {
    renderScreen(CreateAiVideoPage, '/?prompt=Neon%20city%20facts&art_style=cyberpunk&duration=90');
    await openStep(/Review and create/);
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('45 credits'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
      await Promise.resolve();
    });
    // The first step with a problem opens: the length (90 s on a 60-second plan).
    await waitFor(() => expect(section(/Length and language/).getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText('Your plan makes videos of up to 60 seconds.')).toBeTruthy();
    expect(section(/Art style/).textContent).toContain('Needs your attention');
    expect(createVideoLocally.spy).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Length in seconds/ }), { target: { value: '60' } });
    await openStep(/Art style/);
    expect(screen.getByText('Your plan does not include this art style. Choose another one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Realistic/ }));

    // A script of ~80 seconds is too long for Free: Next stays on the script step.
    await openStep(/Script or topic/);
    fireEvent.click(screen.getByRole('radio', { name: 'Write' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Script/ }), { target: { value: Array.from({ length: 200 }, () => 'word').join(' ') } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/This script would run about 80 seconds; your plan makes videos of up to 60 seconds/)).toBeTruthy();
    expect(section(/Script or topic/).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the contract’s field errors and asks before leaving with a typed script', async () => {
    const { router } = renderScreen(CreateAiVideoPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The script field is required.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Script/ }), { target: { value: 'A short script.' } });
    await act(async () => {
      void router.navigate({ to: '/my-scripts' });
      await Promise.resolve();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave without creating?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      void router.navigate({ to: '/my-scripts' });
      await Promise.resolve();
    });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Other page');
  });
});
