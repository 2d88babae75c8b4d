// Opening a transcription as it turns ready, the way a creator does on a phone: the list pull marks
// it completed before its words have been fetched (summaries carry none), and the fetch is slow.
// The screen shows that it is loading — no editor, no "There are no words", no Save — until the
// words arrive; a save then goes with the version they were loaded at, and the words survive on
// the server. A save the server refuses because the words changed elsewhere is said plainly, and
// the creator loads the server's words and can put their own back. Real Dexie, the real collection
// and outbox; the server is a small model of GET/PUT /api/transcriptions/{id} and its version rule.
import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WordTiming } from '../../contract/captions';
import type { Transcription } from '../../contract/transcriptions';
import { createTranscriptionsSync, toLocalTranscription } from '../../src/features/transcription/data/transcription-sync';
import { OpenTranscription } from '../../src/features/transcription/OpenTranscription';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, setOutboxOwner, type HttpGet, type OutboxRequest, type OutboxResponse } from '../../src/sync';
import { fakeServer, type FakeServer } from './helpers/fake-server';
import { serverTranscription } from './helpers/transcriptions';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

const QUEUED_AT = '2026-11-23T10:00:00.000Z';
const COMPLETED_AT = '2026-11-23T10:02:00.000Z';
const WORDS: WordTiming[] = [
  { word: 'hello', start: 0.1, end: 0.5 },
  { word: 'wrold', start: 0.6, end: 1 },
];

/** The server's side: one transcription, and PUT's rule (words need the version they were corrected on). */
function transcriptionModel(initial: Transcription) {
  let row = initial;
  let saves = 0;
  const send = (request: OutboxRequest): Promise<OutboxResponse> => {
    const body = request.body as { words?: WordTiming[]; base_updated_at?: string };
    if (request.method !== 'PUT') return Promise.resolve({ status: 404, body: { message: 'Not found.' } });
    if (body.words && body.base_updated_at === undefined) return Promise.resolve({ status: 422, body: { message: 'The base updated at field is required with words.', errors: {} } });
    if (body.base_updated_at !== row.updated_at) return Promise.resolve({ status: 409, body: { message: 'This transcript was changed somewhere else.' } });
    saves += 1;
    row = { ...row, words: body.words ?? row.words, text: (body.words ?? row.words).map((word) => word.word).join(' '), updated_at: `2026-11-23T11:0${saves}:00.000Z` };
    return Promise.resolve({ status: 200, body: { transcription: row } });
  };
  return {
    send,
    get row() {
      return row;
    },
    set row(next: Transcription) {
      row = next;
    },
  };
}

function summaryPull(summary: Omit<Transcription, 'words'>): HttpGet {
  return () => Promise.resolve({ status: 200, headers: {}, body: { data: [summary], current_page: 1, last_page: 1, per_page: 100, total: 1 } });
}

const drain = (send: (request: OutboxRequest) => Promise<OutboxResponse>) => appOutbox.drain(appDrainDeps(send));

function open() {
  return render(
    <MantineProvider env="test">
      <OpenTranscription id="t1" onClose={() => undefined} />
    </MantineProvider>,
  );
}

let http: FakeServer;
beforeEach(() => {
  setOutboxOwner(() => 'u1');
  http = fakeServer();
});
afterEach(async () => {
  http.restore();
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('opening a transcription the moment it turns ready', () => {
  it('shows that the words are loading (no editor, no "no words", no Save) until they arrive; the save keeps them', async () => {
    const completed = serverTranscription('t1', { words: WORDS, text: 'hello wrold', rough_draft: false, updated_at: COMPLETED_AT });
    const server = transcriptionModel(completed);
    // On this device: the answer to its create, while the server was still transcribing.
    await db.transcriptions.put(toLocalTranscription(serverTranscription('t1', { status: 'processing', progress: 60, words: [], text: null, captions: null, updated_at: QUEUED_AT })));
    let answerWords!: () => void;
    const wordsSent = new Promise<void>((resolve) => (answerWords = resolve));
    http.on('GET', '/api/transcriptions/t1', async () => {
      await wordsSent;
      return { body: { transcription: server.row } };
    });

    open();
    expect(await screen.findByText(/The transcript appears here once it is ready \(60 %\)/)).toBeTruthy();
    // The list pull says it is completed (a summary: no words).
    const { words: _words, ...summary } = completed;
    await createTranscriptionsSync(summaryPull(summary)).run();

    expect(await screen.findByText('Completed')).toBeTruthy();
    await waitFor(() => expect(http.calls('GET', '/api/transcriptions/t1')).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('Loading the transcript');
    expect(screen.queryByText('There are no words in this transcript.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save words' })).toBeNull();
    expect(screen.queryByLabelText('Word 1')).toBeNull();

    answerWords();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Word 1').value).toBe('hello'));
    expect(screen.getByLabelText<HTMLInputElement>('Word 2').value).toBe('wrold');
    expect(screen.queryByText('There are no words in this transcript.')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save words' });
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Word 2'), { target: { value: 'world' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const corrected = [WORDS[0], { ...WORDS[1]!, word: 'world' }];
    expect((await db.outbox.toArray())[0]!.body).toEqual({ words: corrected, base_updated_at: COMPLETED_AT });

    await drain(server.send);
    expect(server.row.words).toEqual(corrected);
    expect(await db.transcriptions.get('t1')).toMatchObject({ syncStatus: 'synced', words: corrected, wordsUpdatedAt: server.row.updated_at });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Word 2').value).toBe('world'));
  });

  it('says plainly when a save is refused as stale, loads the server\'s words, and puts the creator\'s back to save over them', async () => {
    const loaded = serverTranscription('t1', { words: WORDS, text: 'hello wrold', rough_draft: false, updated_at: COMPLETED_AT });
    await db.transcriptions.put(toLocalTranscription(loaded));
    const server = transcriptionModel(loaded);
    // Another device corrected the first word meanwhile; this one has not pulled since.
    const elsewhere = [{ ...WORDS[0]!, word: 'Hello' }, WORDS[1]!];
    server.row = { ...loaded, words: elsewhere, updated_at: '2026-11-23T10:30:00.000Z' };
    http.on('GET', '/api/transcriptions/t1', () => ({ body: { transcription: server.row } }));

    open();
    fireEvent.change(await screen.findByLabelText('Word 2'), { target: { value: 'world' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save words' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await drain(server.send);
    expect(server.row.words).toEqual(elsewhere);

    const refused = await screen.findByRole('alert', { name: /Your corrections are not saved on the server/ });
    expect(refused.textContent).toContain('changed somewhere else');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: "Load the server's words" }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Word 1').value).toBe('Hello'));
    expect(screen.getByLabelText<HTMLInputElement>('Word 2').value).toBe('wrold');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(await screen.findByRole('button', { name: 'Put my corrections back' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Word 2').value).toBe('world'));
    expect(screen.getByLabelText<HTMLInputElement>('Word 1').value).toBe('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Save words' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]!.body).toMatchObject({ base_updated_at: '2026-11-23T10:30:00.000Z' });
    await drain(server.send);
    expect(server.row.words).toEqual([WORDS[0], { ...WORDS[1]!, word: 'world' }]);
  });
});
