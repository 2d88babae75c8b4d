// A topic's length the script writer cannot fill (contract/writer-reach.ts) is said in the create
// flow before Create: on the length step as it is chosen and on the review step, with the server's
// own sentence, one-click fixes, and Create held back until it is resolved. A writer not known yet
// on this device, a writer without a limit, or a script of the creator's own holds nothing back.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScriptWriterInfo } from '../../contract';
import { initialFlowState, writerShortfall } from '../../src/features/videos/create/flow-state';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { PLANS, renderScreen } from './helpers/video-screens';

// The machine is shared: give the store's live queries time to answer.
configure({ asyncUtilTimeout: 15_000 });

vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  return {
    ...original,
    useAuth: () => ({ user: { plan: 'free' }, credits: 100 }),
    usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: () => true, loading: false }),
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

/** An offline writer with a small word limit: read by the default English voice (3.35 words a second), it fills at most 48 seconds. */
const SMALL_WRITER: ScriptWriterInfo = { id: 'offline-writer', label: 'Offline writer (no AI model configured)', languages: ['english'], max_words: 100 };
const TITLE = 'The written script cannot fill this length';
const WHY_55 =
  "Without an AI model, the offline writer's scripts for this voice fill at most about 48 seconds, so a 55-second video would come out shorter. Choose 48 seconds or less, slow the voice down, or write the script yourself.";
const TOPIC_55 = '/?prompt=Octopus%20facts&duration=55';

function section(title: RegExp): HTMLElement {
  return screen.getByRole('button', { name: title });
}

async function openStep(title: RegExp): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  await waitFor(() => expect(section(title).getAttribute('aria-expanded')).toBe('true'));
}

/** axe-core over the page (contrast is checked by the browser tests; happy-dom computes no styles). */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

function createButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Create video' });
}

beforeEach(async () => {
  await clearLocalStore();
  await db.plans.bulkPut(PLANS);
  setOutboxOwner(() => 'u1');
  createVideoLocally.spy?.mockClear();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
});

afterEach(() => setOutboxOwner(null));

describe('a length beyond the script writer’s reach', () => {
  it('is said on the length and review steps, holds Create back, and “Use 48 seconds” fixes it', async () => {
    await db.scriptWriter.put(SMALL_WRITER);
    renderScreen(CreateAiVideoPage, TOPIC_55);

    await openStep(/Length and language/);
    const note = await screen.findByRole('status', { name: TITLE });
    expect(within(note).getByText(WHY_55)).toBeTruthy();
    expect(await violations()).toEqual([]);

    await openStep(/Review and create/);
    const alert = await screen.findByRole('alert', { name: TITLE });
    expect(createButton().disabled).toBe(true);
    // The reason is tied to the disabled button: the sentence, not the fix buttons.
    const describedBy = createButton().getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(WHY_55);
    fireEvent.click(createButton());
    expect(createVideoLocally.spy).not.toHaveBeenCalled();
    expect(await violations()).toEqual([]);

    fireEvent.click(within(alert).getByRole('button', { name: 'Use 48 seconds' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: TITLE })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('24 credits'));
    expect(createButton().disabled).toBe(false);
    expect(createButton().getAttribute('aria-describedby')).toBeNull();
    // The fix button went with the alert: the keyboard lands on Create, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(createButton()));
    await act(async () => {
      fireEvent.click(createButton());
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    expect(createVideoLocally.spy).toHaveBeenCalledTimes(1);
    expect(createVideoLocally.spy!.mock.calls[0]![0]).toMatchObject({ prompt: 'Octopus facts', duration: 48 });
  });

  it('“Write the script yourself” opens the script step, and a script of one’s own is not held back', async () => {
    await db.scriptWriter.put(SMALL_WRITER);
    renderScreen(CreateAiVideoPage, TOPIC_55);
    await openStep(/Review and create/);
    fireEvent.click(within(await screen.findByRole('alert', { name: TITLE })).getByRole('button', { name: 'Write the script yourself' }));
    await waitFor(() => expect(section(/Script or topic/).getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Write' }).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /^Script/ }), { target: { value: 'Octopuses have three hearts and blue blood.' } });

    await openStep(/Review and create/);
    await waitFor(() => expect(screen.getByTestId('video-cost')).toBeTruthy());
    expect(screen.queryByRole('alert', { name: TITLE })).toBeNull();
    expect(createButton().disabled).toBe(false);
    expect(createButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('holds nothing back while the writer is not known on this device (the server still checks)', async () => {
    renderScreen(CreateAiVideoPage, TOPIC_55);
    await openStep(/Review and create/);
    await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('28 credits'));
    expect(screen.queryByRole('alert', { name: TITLE })).toBeNull();
    expect(createButton().disabled).toBe(false);
  });
});

describe('writerShortfall', () => {
  const topic = (duration: number) => ({ ...initialFlowState({ prompt: 'Octopus facts' }), duration });

  it('is the server’s sentence when the topic’s length is beyond the reach, and null up to it', () => {
    expect(writerShortfall(topic(55), 100)).toEqual({ longest: 48, message: WHY_55 });
    expect(writerShortfall(topic(48), 100)).toBeNull();
  });

  it('follows the chosen voice and its speed: a slower reading fills more seconds', () => {
    const slow = { ...topic(55), voice: { provider: 'builtin' as const, voice_id: 'flite-slt', name: 'Slt' }, speed: 0.8 };
    expect(writerShortfall(slow, 100)).toBeNull();
    // The speed travels with a chosen voice only: the default voice reads at 1×.
    expect(writerShortfall({ ...topic(55), speed: 0.8 }, 100)?.longest).toBe(48);
  });

  it('holds nothing back for an unknown writer, a writer without a limit, or the creator’s own script', () => {
    expect(writerShortfall(topic(600), undefined)).toBeNull();
    expect(writerShortfall(topic(600), null)).toBeNull();
    expect(writerShortfall({ ...topic(600), source: 'write', script: 'My own words.' }, 100)).toBeNull();
  });
});
