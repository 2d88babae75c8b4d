// "My scripts", as a user sees it: the real Dexie store (fake-indexeddb) and the real
// sync functions; only the network is fake (generateScript is mocked, the outbox drains into a
// stub send). States (loading, empty, no match), the list from the store, search, badges with
// Retry/Discard, the editor (validation, create, edit), delete, copy, generation (success, server
// errors, 422 on fields, offline).
import { ModalsHost } from '../../src/app/ModalsHost';
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerateScriptResponse, Script } from '../../contract';
import { AuthProvider, sessionState } from '../../src/session';
import { clearLocalStore, db } from '../../src/store';
import { createScriptLocally, saveGeneratedScript } from '../../src/features/scripts/data';
import { appDrainDeps, appOutbox, setEngineHooks, setOutboxOwner, syncStatus } from '../../src/sync';

const generateScript = vi.hoisted(() =>
  vi.fn<(request: { prompt: string; video_duration: number | string; language?: string; idempotencyKey?: string }) => Promise<Record<string, unknown>>>(),
);
const fetchScriptWriter = vi.hoisted(() => vi.fn<() => Promise<{ id: string; label: string; languages: string[]; max_words: number | null }>>());
vi.mock('../../src/features/scripts/data/scripts-http', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/features/scripts/data/scripts-http')>()), generateScript, fetchScriptWriter }));

// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const { MyScriptsPage } = await import('../../src/features/scripts/MyScriptsPage');
const { formatDuration, formatUpdated, matchesSearch } = await import('../../src/features/scripts/format');

function serverScript(fields: Partial<Script> = {}): Script {
  return {
    id: crypto.randomUUID(),
    title: 'Basil tips',
    body: 'Water it in the morning.\nGive it sun.',
    prompt: null,
    language: 'english',
    video_duration: 30,
    word_count: 8,
    source: 'manual',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

function renderPage() {
  return render(
    <MantineProvider env="test">
      <AuthProvider>
        <>
          <Notifications />
          <MyScriptsPage />
          <ModalsHost />
        </>
      </AuthProvider>
    </MantineProvider>,
  );
}

function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** Deliver the queued changes to a fake server that refuses the first one with `message`. */
async function refuseFirst(message: string): Promise<void> {
  let first = true;
  await appOutbox.drain(
    appDrainDeps(() => {
      if (first) {
        first = false;
        return Promise.resolve({ status: 422, body: { message } });
      }
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
}

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  generateScript.mockReset();
  // The offline writer's languages, as GET /api/script-writer answers without a model.
  fetchScriptWriter.mockReset().mockResolvedValue({ id: 'offline-writer', label: 'Offline writer (no AI model configured)', languages: ['english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'dutch'], max_words: 185 });
  sessionState.credits = 120;
});

afterEach(async () => {
  // Notifications live in a global store: without this, earlier tests' toasts fill the visible
  // limit and later ones wait in the queue.
  notifications.clean();
  notifications.cleanQueue();
  setEngineHooks(null);
  setOnline(true);
  setOutboxOwner(null);
  vi.restoreAllMocks();
  await clearLocalStore();
  await syncStatus.refresh();
});

describe('format helpers', () => {
  it('durations, relative times and search', () => {
    expect(formatDuration(30)).toBe('30 s');
    expect(formatDuration(90)).toBe('1 min 30 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(null)).toBe('No duration');
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatUpdated('2026-03-10T11:59:40Z', now)).toBe('just now');
    expect(formatUpdated('2026-03-10T11:55:00Z', now)).toBe('5 min ago');
    expect(formatUpdated('2026-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(formatUpdated('2026-03-01T09:00:00Z', now)).toBe('1 Mar 2026');
    expect(matchesSearch({ title: 'Basil tips', body: 'Water in the MORNING' }, 'basil morning')).toBe(true);
    expect(matchesSearch({ title: 'Basil tips', body: 'Water' }, 'tomato')).toBe(false);
  });
});

describe('My scripts: states and list', () => {
  it('shows loading, then "No scripts yet" with a hint', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My scripts' })).toBeTruthy();
    expect(await screen.findByText('No scripts yet')).toBeTruthy();
    expect(screen.getByText(/Generate one from a prompt above, or write one by hand/)).toBeTruthy();
  });

  it('lists the stored scripts newest first with their facts; search filters title and body', async () => {
    await saveGeneratedScript(serverScript({ title: 'Basil tips', body: 'Water it in the morning.', updated_at: '2026-01-01T00:00:00.000Z', language: 'french', video_duration: 90, word_count: 5 }));
    await saveGeneratedScript(serverScript({ title: 'Cold brew', body: 'Grind coarse, steep overnight.', updated_at: '2026-02-01T00:00:00.000Z' }));
    renderPage();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(['Cold brew', 'Basil tips']);
    const basil = card('Basil tips');
    expect(within(basil).getByText('French')).toBeTruthy();
    expect(within(basil).getByText('1 min 30 s')).toBeTruthy();
    expect(within(basil).getByText('5 words')).toBeTruthy();
    expect(within(basil).getByText('Water it in the morning.')).toBeTruthy();
    expect(within(basil).queryByText('Pending')).toBeNull();
    expect(within(basil).queryByText('Failed')).toBeNull();

    const search = screen.getByLabelText('Search scripts');
    fireEvent.change(search, { target: { value: 'overnight' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Basil tips' })).toBeNull());
    expect(card('Cold brew')).toBeTruthy();
    expect(screen.getByText('1 of 2 scripts')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'BASIL' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cold brew' })).toBeNull());
    expect(card('Basil tips')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'tomato' } });
    expect(await screen.findByText('No scripts match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('shows the newest 40 first and more on "Show more"; search looks through all of them', async () => {
    for (let i = 1; i <= 45; i += 1) {
      await saveGeneratedScript(serverScript({ title: `Idea ${i}`, updated_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    }
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40));
    expect(screen.getByText('45 scripts')).toBeTruthy();
    expect(screen.getAllByRole('article')[0]!.textContent).toContain('Idea 45');
    expect(screen.queryByRole('article', { name: 'Idea 1' })).toBeNull();

    // The oldest is found by search although it is not on the first page.
    fireEvent.change(screen.getByLabelText('Search scripts'), { target: { value: 'Idea 1' } });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Idea 1' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Search scripts'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40));

    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(45));
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).toBeNull();
    // 45 cards in happy-dom: slow on a loaded machine; the budget is not what is tested.
  }, 120_000);

  it('pulls the collection on entry and still shows the local list when the pull fails', async () => {
    const pull = vi.fn(() => Promise.reject(new Error('offline')));
    setEngineHooks({ pull });
    await saveGeneratedScript(serverScript({ title: 'Known locally' }));
    renderPage();
    expect(await screen.findByRole('article', { name: 'Known locally' })).toBeTruthy();
    expect(pull).toHaveBeenCalledWith('scripts');
  });

  it('follows the store live and opens a script in full', async () => {
    renderPage();
    await screen.findByText('No scripts yet');
    await act(() => saveGeneratedScript(serverScript({ title: 'Arrived', body: 'Line one\nLine two', prompt: 'coffee tips', source: 'offline-writer' })));
    const arrived = await screen.findByRole('article', { name: 'Arrived' });
    const read = within(arrived).getByRole('button', { name: 'Read' });
    expect(read.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(read);
    expect(within(arrived).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(arrived).getByText('Prompt: coffee tips')).toBeTruthy();
    expect(within(arrived).getByText('Offline draft (no AI model)')).toBeTruthy();
  });
});

describe('My scripts: sync badges', () => {
  it('shows "Pending" for a change waiting in the outbox', async () => {
    await createScriptLocally({ title: 'Written offline', body: 'on the train' });
    renderPage();
    const row = await screen.findByRole('article', { name: 'Written offline' });
    expect(within(row).getByText('Pending')).toBeTruthy();
  });

  it('shows "Failed" with the server message; Retry queues the change again', async () => {
    const created = await createScriptLocally({ title: 'Refused', body: 'x' });
    await refuseFirst('The title field must not be greater than 200 characters.');
    renderPage();
    const row = await screen.findByRole('article', { name: 'Refused' });
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('The title field must not be greater than 200 characters.')).toBeTruthy();
    const outboxId = (await db.scripts.get(created.id))?.failedOutboxId;
    expect(outboxId).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Refused' })).getByText('Pending')).toBeTruthy());
    expect((await db.outbox.get(outboxId!))?.status).toBe('pending');
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('Discard drops a refused new script', async () => {
    const created = await createScriptLocally({ title: 'Refused', body: 'x' });
    await refuseFirst('Nope.');
    renderPage();
    const row = await screen.findByRole('article', { name: 'Refused' });
    fireEvent.click(within(row).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Refused' })).toBeNull());
    expect(await db.scripts.get(created.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await screen.findByText('No scripts yet')).toBeTruthy();
  });
});

describe('My scripts: editor, delete, copy', () => {
  it('validates, then saves a new script locally (pending, queued)', async () => {
    renderPage();
    await screen.findByText('No scripts yet');
    fireEvent.click(screen.getByRole('button', { name: 'New script' }));
    const dialog = await screen.findByRole('dialog', { name: 'New script' });
    fireEvent.change(within(dialog).getByLabelText('Duration (seconds)'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save script' }));
    expect(await within(dialog).findByText('The title field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The video duration field must be at least 5 seconds.')).toBeTruthy();
    expect(await db.scripts.count()).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Hand written  ' } });
    fireEvent.change(within(dialog).getByLabelText('Script'), { target: { value: 'One two three four' } });
    fireEvent.change(within(dialog).getByLabelText('Language'), { target: { value: 'german' } });
    fireEvent.change(within(dialog).getByLabelText('Duration (seconds)'), { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save script' }));

    const row = await screen.findByRole('article', { name: 'Hand written' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New script' })).toBeNull());
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('German')).toBeTruthy();
    expect(within(row).getByText('45 s')).toBeTruthy();
    expect(within(row).getByText('4 words')).toBeTruthy();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.create', method: 'POST' });
    expect(item?.body).toMatchObject({ title: 'Hand written', body: 'One two three four', language: 'german', video_duration: 45 });
  });

  it('edits a script: only the changed fields are queued', async () => {
    const script = serverScript({ title: 'Old title', body: 'Keep me' });
    await saveGeneratedScript(script);
    renderPage();
    const row = await screen.findByRole('article', { name: 'Old title' });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit script' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Old title');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Script').value).toBe('Keep me');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'New title' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save script' }));
    const edited = await screen.findByRole('article', { name: 'New title' });
    expect(within(edited).getByText('Pending')).toBeTruthy();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.update', method: 'PUT', url: `/api/scripts/${script.id}`, body: { title: 'New title' } });
  });

  it('deletes after confirmation; Cancel keeps it', async () => {
    const script = serverScript({ title: 'Doomed' });
    await saveGeneratedScript(script);
    renderPage();
    const row = await screen.findByRole('article', { name: 'Doomed' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete script?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete script?' })).toBeNull());
    expect(await db.scripts.get(script.id)).toBeTruthy();

    fireEvent.click(within(card('Doomed')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete script?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete script' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doomed' })).toBeNull());
    expect(await db.scripts.get(script.id)).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.delete', method: 'DELETE', url: `/api/scripts/${script.id}` });
  });

  it('copies the script text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText } });
    await saveGeneratedScript(serverScript({ title: 'Copy me', body: 'The whole narration.' }));
    renderPage();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Copy me' })).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('The whole narration.'));
    expect(await screen.findByText('“Copy me” is on the clipboard.')).toBeTruthy();
  });
});

describe('My scripts: generation', () => {
  function fillPrompt(prompt: string) {
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: prompt } });
  }

  it('has the defaults, validates the prompt locally, and sends prompt, duration and language', async () => {
    const script = serverScript({ title: 'Three basil tips', source: 'offline-writer', body: 'Hook. Beat. Call to action.' });
    const response: GenerateScriptResponse = { script, credits: 119, credits_charged: 1, writer: 'Offline writer (no AI model configured)' };
    generateScript.mockResolvedValue(response as unknown as Record<string, unknown>);
    renderPage();
    await screen.findByText('No scripts yet');
    expect(screen.getByLabelText<HTMLInputElement>('Duration (seconds)').value).toBe('30');
    expect(screen.getByLabelText<HTMLSelectElement>('Language').value).toBe('english');

    fillPrompt('hi');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    expect(await screen.findByText('The prompt field must be at least 3 characters.')).toBeTruthy();
    expect(generateScript).not.toHaveBeenCalled();

    fillPrompt('three basil tips');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'spanish' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await waitFor(() => expect(generateScript).toHaveBeenCalledWith({ prompt: 'three basil tips', video_duration: 30, language: 'spanish', idempotencyKey: expect.any(String) as string }));

    const row = await screen.findByRole('article', { name: 'Three basil tips' });
    expect(within(row).getByRole('button', { name: 'Show less' })).toBeTruthy(); // shown in full
    expect(within(row).queryByText('Pending')).toBeNull();
    expect(await screen.findByText('Written by Offline writer (no AI model configured). 119 credits left.')).toBeTruthy();
    expect(await db.scripts.get(script.id)).toMatchObject({ syncStatus: 'synced', title: 'Three basil tips' });
    expect(localStorage.getItem('credits')).toBe('119');
  });

  it('shows progress while generating', async () => {
    let finish: (value: Record<string, unknown>) => void = () => undefined;
    generateScript.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage();
    fillPrompt('a long prompt');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    expect(await screen.findByText(/Writing your script/)).toBeTruthy();
    await act(async () => {
      finish({ script: serverScript({ title: 'Done' }), credits: 5, credits_charged: 1, writer: 'AI model x' });
      await Promise.resolve();
    });
    expect(await screen.findByRole('article', { name: 'Done' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Writing your script/)).toBeNull());
  });

  it('shows the server message of a 402 and stores nothing', async () => {
    generateScript.mockRejectedValue({ message: 'Not enough credits: this costs 1 credit and your balance is 0.' });
    renderPage();
    fillPrompt('three basil tips');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    expect(await screen.findByText('Not enough credits: this costs 1 credit and your balance is 0.')).toBeTruthy();
    expect(screen.getByText('Script not generated')).toBeTruthy();
    expect(await db.scripts.count()).toBe(0);
  });

  it('puts 422 field errors on their fields', async () => {
    generateScript.mockRejectedValue({
      message: 'The video duration field must not be greater than 600 seconds.',
      errors: { video_duration: ['The video duration field must not be greater than 600 seconds.'] },
    });
    renderPage();
    fillPrompt('three basil tips');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    const message = await screen.findByText('The video duration field must not be greater than 600 seconds.');
    const input = screen.getByLabelText('Duration (seconds)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(message.id).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Script not generated')).toBeNull();
  });

  it('offline: the button is disabled and a note explains; writing by hand still works', async () => {
    setOnline(false);
    renderPage();
    await screen.findByText('No scripts yet');
    expect(screen.getByText('Generating a script needs a connection. You can still write one by hand.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Generate script' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'New script' }).disabled).toBe(false);
    setOnline(true);
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Generate script' }).disabled).toBe(false));
    expect(screen.queryByText('Generating a script needs a connection. You can still write one by hand.')).toBeNull();
  });
});

describe('My scripts: unsaved-edit guard, undo of a delete, costs and repeat generations', () => {
  function fillPrompt(prompt: string) {
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: prompt } });
  }

  it('closing the editor with unsaved changes asks first: Keep editing keeps the text, Discard drops it', async () => {
    const script = serverScript({ title: 'Draft' });
    await saveGeneratedScript(script);
    renderPage();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Draft' })).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit script' });
    // Unchanged: Cancel just closes.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card('Draft')).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit script' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Draft, improved' } });
    fireEvent.keyDown(within(dialog).getByLabelText('Title'), { key: 'Escape' });
    const asking = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(asking).getByRole('button', { name: 'Keep editing' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit script' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Draft, improved');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
    expect((await db.scripts.get(script.id))?.title).toBe('Draft');
  });

  async function deleteWithNotification(title: string) {
    fireEvent.click(within(await screen.findByRole('article', { name: title })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete script?' })).getByRole('button', { name: 'Delete script' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: title })).toBeNull());
    return screen.findByRole('button', { name: `Undo delete of ${title}` });
  }

  it('Undo before the delete was sent cancels it in the outbox: the script is back, nothing goes out', async () => {
    const script = serverScript({ title: 'Oops' });
    await saveGeneratedScript(script);
    renderPage();
    const undo = await deleteWithNotification('Oops');
    expect(await db.outbox.count()).toBe(1);
    fireEvent.click(undo);
    expect(await screen.findByRole('article', { name: 'Oops' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.scripts.get(script.id)).toMatchObject({ title: 'Oops', syncStatus: 'synced' });
  });

  it('Undo after the delete reached the server creates the script again under the same id', async () => {
    const script = serverScript({ title: 'Gone', body: 'Every word counts.', prompt: 'a prompt', language: 'french', video_duration: 45 });
    await saveGeneratedScript(script);
    renderPage();
    const undo = await deleteWithNotification('Gone');
    await appOutbox.drain(appDrainDeps(() => Promise.resolve({ status: 200, body: { message: 'Script deleted.' } })));
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(undo);
    expect(await screen.findByRole('article', { name: 'Gone' })).toBeTruthy();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      kind: 'script.create',
      method: 'POST',
      url: '/api/scripts',
      body: { id: script.id, title: 'Gone', body: 'Every word counts.', prompt: 'a prompt', language: 'french', video_duration: 45 },
    });
    expect((await db.scripts.get(script.id))?.syncStatus).toBe('pending');
  });

  it('shows the cost before generating, and says so when credits are short', async () => {
    renderPage();
    expect(await screen.findByText('Costs 1 credit · you have 120')).toBeTruthy();
    act(() => {
      sessionState.credits = 0;
    });
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Not enough credits' });
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Costs 1 credit · you have 0')).toBeTruthy();
  });

  it('marks the languages the offline writer cannot write instead of offering them', async () => {
    renderPage();
    const hindi = await screen.findByRole<HTMLOptionElement>('option', { name: 'Hindi (needs an AI model)' });
    expect(hindi.disabled).toBe(true);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Spanish' }).disabled).toBe(false);
    expect(screen.getByText(/scripts are offline drafts/)).toBeTruthy();
  });

  it('a second generation of the same request asks "Generate again?"; a retry after a lost answer reuses its Idempotency-Key', async () => {
    generateScript.mockRejectedValueOnce(Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' }));
    generateScript.mockImplementation(() => Promise.resolve({ script: serverScript({ title: 'Basil' }), credits: 119, credits_charged: 1, writer: 'AI model x' }));
    renderPage();
    fillPrompt('three basil tips');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await screen.findByText('Script not generated');
    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    await screen.findByRole('article', { name: 'Basil' });
    const [firstKey, retryKey] = generateScript.mock.calls.map(([request]) => request.idempotencyKey);
    expect(firstKey).toBeTruthy();
    expect(retryKey).toBe(firstKey);

    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    const asking = await screen.findByRole('dialog', { name: 'Generate again?' });
    fireEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generate again?' })).toBeNull());
    expect(generateScript).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Generate script' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Generate again?' })).getByRole('button', { name: 'Generate again' }));
    await waitFor(() => expect(generateScript).toHaveBeenCalledTimes(3));
    expect(generateScript.mock.calls[2]?.[0].idempotencyKey).not.toBe(firstKey);
  });
});
