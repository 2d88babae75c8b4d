// The faceless-video gallery: ready-made styles that open the create flow
// pre-filled (art style, caption preset, pacing, topic, a fitting voice); a style whose art style
// is locked says which plan unlocks it; a user who may not create is told which plan does.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllVoicesResponse } from '../../contract';
import { forgetVoicePreviews } from '../../src/features/videos/data/voices';
import { FACELESS_STYLES } from '../../src/features/videos/faceless/styles';
import { clearLocalStore, db } from '../../src/store';
import { fakeServer, type FakeServer } from './helpers/fake-server';
import { PLANS, renderScreen } from './helpers/video-screens';

// The machine is shared: give the store's live queries time to answer.
configure({ asyncUtilTimeout: 15_000 });

const session = vi.hoisted(() => ({ plan: 'free', canCreate: true }));
vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  const allowed = (style: string) => {
    const plan = PLANS.find((candidate) => candidate.key === session.plan);
    return plan?.allowed_art_styles === null || Boolean(plan?.allowed_art_styles?.includes(style));
  };
  return {
    ...original,
    useAuth: () => ({ user: { plan: session.plan }, credits: 50 }),
    usePermissions: () => ({ hasPermission: (name: string) => name !== 'can_create_video' || session.canCreate, isArtStyleAllowed: allowed, loading: false }),
  };
});

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
vi.setConfig({ testTimeout: 30_000 });

const { FacelessVideoPage } = await import('../../src/features/videos/FacelessVideoPage');
const { CreateAiVideoPage } = await import('../../src/features/videos/CreateAiVideoPage');

const VOICES: AllVoicesResponse = {
  providers: [
    {
      provider: 'builtin',
      label: 'Built-in voices (offline)',
      configured: true,
      data: [
        { provider: 'builtin', voice_id: 'en-f', name: 'Amy', languages: ['en'], gender: 'female', accent: null, description: null },
        { provider: 'builtin', voice_id: 'en-m', name: 'Ben', languages: ['en'], gender: 'male', accent: null, description: null },
      ],
    },
  ],
};

let server: FakeServer;

beforeEach(async () => {
  await clearLocalStore();
  forgetVoicePreviews();
  await db.plans.bulkPut(PLANS);
  session.plan = 'free';
  session.canCreate = true;
  server = fakeServer().on('GET', '/api/voices', { body: VOICES });
});

afterEach(() => server.restore());

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('faceless-video gallery', () => {
  it('shows at least eight styles with their art style, captions, voice and pacing', async () => {
    renderScreen(FacelessVideoPage, '/', CreateAiVideoPage);
    await screen.findByRole('article', { name: 'Scary stories' });
    expect(screen.getAllByRole('article').length).toBeGreaterThanOrEqual(8);
    const scary = card('Scary stories');
    expect(within(scary).getByText('Cinematic')).toBeTruthy();
    expect(within(scary).getByText('Typewriter captions')).toBeTruthy();
    expect(within(scary).getByText('Deep male voice · Slow pacing (0.85×)')).toBeTruthy();
    // The card draws its caption preset on the art style's swatch.
    expect(within(scary).getByTestId('caption-frame').textContent).not.toBe('');
    expect(FACELESS_STYLES.every((style) => style.speed >= 0.5 && style.speed <= 2)).toBe(true);
  });

  it('opens the create flow pre-filled with the style, and picks a voice of the asked kind', async () => {
    const { router } = renderScreen(FacelessVideoPage, '/', CreateAiVideoPage);
    fireEvent.click(await screen.findByRole('button', { name: /^Use this style\s*: Scary stories$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-ai-video'));
    const search = Object.fromEntries(Object.entries(router.state.location.search).map(([key, value]) => [key, String(value)]));
    expect(search).toMatchObject({ style: 'Scary stories', art_style: 'cinematic', caption_preset: 'typewriter', speed: '0.85', voice_gender: 'male', duration: '60' });

    expect(await screen.findByText('Starting from the “Scary stories” style. Change anything you like.')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Topic/ }).value).toBe(FACELESS_STYLES[0]!.sampleTopic);
    // The deep (male) voice is chosen from the voice lists; the summaries show the rest.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Voice/ }).textContent).toContain('Ben, 0.85×'));
    expect(screen.getByRole('button', { name: /Art style/ }).textContent).toContain('Cinematic');
    expect(screen.getByRole('button', { name: /Captions and frame/ }).textContent).toContain('Typewriter, 9:16');
    fireEvent.click(screen.getByRole('button', { name: /Review and create/ }));
    // 60 s × 0.5 credits a second on Free.
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('30 credits'));
  });

  it('says which plan unlocks a locked art style and leaves it out of the pre-fill', async () => {
    const { router } = renderScreen(FacelessVideoPage, '/', CreateAiVideoPage);
    const future = await screen.findByRole('article', { name: 'Future tech news' });
    await waitFor(() => expect(within(future).getByText(/Cyberpunk: included in the Pro plan; your video uses the default style/)).toBeTruthy());
    await act(async () => {
      fireEvent.click(within(future).getByRole('button', { name: /^Use this style\s*: Future tech news$/ }));
      await Promise.resolve();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-ai-video'));
    expect(router.state.location.search).not.toHaveProperty('art_style');
    expect(await screen.findByRole('button', { name: /Art style/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Art style/ }).textContent).toContain('Cinematic');
  });

  it('tells a user who may not create videos which plan unlocks it', async () => {
    session.canCreate = false;
    renderScreen(FacelessVideoPage, '/', CreateAiVideoPage);
    expect(await screen.findByText(/Creating videos is included in the Creator plan/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Use this style\s*: Fun facts$/ }).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Apply a licence code' }).getAttribute('href')).toBe('/users/user-profile');
  });
});
