// The voice picker against the real store (fake-indexeddb) and the real axios
// client behind a fake API: filters (provider, language from the video, gender, search), providers
// without a key shown as such, the built-in voices labelled, previews fetched once and played one
// at a time, the cached lists used offline.
import { MantineProvider } from '@mantine/core';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllVoicesResponse, VoiceInfo } from '../../contract';
import { voicesHttp } from '../../src/features/videos/data/voices-http';
import { forgetVoicePreviews, loadVoices, voicesAreStale } from '../../src/features/videos/data/voices';
import { VoicePicker } from '../../src/ui/voices/VoicePicker';
import { voiceSource } from '../../src/features/videos/data/voices-http';
import { clearLocalStore, db } from '../../src/store';
import { fakeServer, type FakeServer } from './helpers/fake-server';

// The machine is shared: give the store's live queries time to answer.
configure({ asyncUtilTimeout: 15_000 });

function voice(provider: VoiceInfo['provider'], voice_id: string, name: string, languages: string[], gender: VoiceInfo['gender'], accent: string | null = null): VoiceInfo {
  return { provider, voice_id, name, languages, gender, accent, description: null };
}

const VOICES: AllVoicesResponse = {
  providers: [
    {
      provider: 'builtin',
      label: 'Built-in voices (offline)',
      configured: true,
      data: [
        voice('builtin', 'en-f', 'Amy', ['en'], 'female'),
        voice('builtin', 'en-m', 'Ben', ['en'], 'male'),
        voice('builtin', 'es-f', 'Lucía', ['es'], 'female'),
        voice('builtin', 'fr-m', 'Louis', ['fr'], 'male'),
      ],
    },
    { provider: 'elevenlabs', label: 'ElevenLabs', configured: false, data: [] },
    { provider: 'lemonfox', label: 'Lemonfox', configured: true, data: [voice('lemonfox', 'sarah', 'Sarah', ['en'], 'female', 'American')] },
  ],
};

let server: FakeServer;
let play: ReturnType<typeof vi.spyOn>;

function renderPicker(language = 'english', onChange = vi.fn()) {
  render(
    <MantineProvider env="test">
      <VoicePicker value={null} onChange={onChange} language={language} source={voiceSource} />
    </MantineProvider>,
  );
  return onChange;
}

/** Names of the voices listed, in order. */
function listed(): string[] {
  return screen.queryAllByRole('radio').map((radio) => radio.closest('[role="listitem"]')?.querySelector('p')?.textContent ?? '');
}

function choose(label: string, option: string): void {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

beforeEach(async () => {
  await clearLocalStore();
  forgetVoicePreviews();
  server = fakeServer().on('GET', '/api/voices', { body: VOICES });
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});

describe('VoicePicker', () => {
  it('starts on the video’s language, labels built-in voices and shows unconfigured providers as such', async () => {
    renderPicker('english');
    await waitFor(() => expect(listed()).toEqual(['Amy', 'Ben', 'Sarah']));
    expect(screen.getByText('ElevenLabs — not configured on this server')).toBeTruthy();
    const amy = screen.getByRole('radio', { name: /Amy/ }).closest('[role="listitem"]') as HTMLElement;
    expect(within(amy).getByText('Offline built-in')).toBeTruthy();
    const sarah = screen.getByRole('radio', { name: /Sarah/ }).closest('[role="listitem"]') as HTMLElement;
    expect(within(sarah).queryByText('Offline built-in')).toBeNull();
    // The lists were cached, one row per provider.
    expect((await db.voices.toArray()).map((row) => row.provider).sort()).toEqual(['builtin', 'elevenlabs', 'lemonfox']);
  });

  it('filters by language, gender, provider and search, and reports the choice', async () => {
    const onChange = renderPicker('spanish');
    await waitFor(() => expect(listed()).toEqual(['Lucía']));
    choose('Language', 'Any language');
    expect(listed()).toEqual(['Amy', 'Ben', 'Lucía', 'Louis', 'Sarah']);
    choose('Gender', 'Male');
    expect(listed()).toEqual(['Ben', 'Louis']);
    choose('Gender', 'Any voice');
    choose('Provider', 'Lemonfox');
    expect(listed()).toEqual(['Sarah']);
    choose('Provider', 'All providers');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search voices' }), { target: { value: 'french' } });
    expect(listed()).toEqual(['Louis']);
    fireEvent.click(screen.getByRole('radio', { name: /Louis/ }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ provider: 'builtin', voice_id: 'fr-m' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search voices' }), { target: { value: 'nobody' } });
    expect(screen.getByText('No voice matches these filters.')).toBeTruthy();
  });

  it('plays a preview: one request per voice and text, one voice at a time, Lemonfox through its own call', async () => {
    server
      .on('POST', '/api/lemonfox-preview', { body: new Blob(['mp3'], { type: 'audio/mpeg' }) })
      .on('POST', '/api/voices/preview', { body: new Blob(['wav'], { type: 'audio/wav' }) });
    renderPicker('english');
    const playSarah = await screen.findByRole('button', { name: 'Play preview of Sarah' });
    fireEvent.click(playSarah);
    await screen.findByRole('button', { name: 'Stop preview of Sarah' });
    expect(server.calls('POST', '/api/lemonfox-preview')).toHaveLength(1);
    expect(server.calls('POST', '/api/lemonfox-preview')[0]?.data).toEqual({ voice_id: 'sarah', text: 'Hi! This is how your next video will sound.' });
    expect(play).toHaveBeenCalledTimes(1);

    // Another voice stops the first (one audio element, one playing button).
    fireEvent.click(screen.getByRole('button', { name: 'Play preview of Amy' }));
    await screen.findByRole('button', { name: 'Stop preview of Amy' });
    expect(screen.getByRole('button', { name: 'Play preview of Sarah' })).toBeTruthy();
    expect(server.calls('POST', '/api/voices/preview')[0]?.data).toMatchObject({ provider: 'builtin', voice_id: 'en-f', language: 'english' });

    // Playing Sarah again uses the cached audio: no second request.
    fireEvent.click(screen.getByRole('button', { name: 'Play preview of Sarah' }));
    await screen.findByRole('button', { name: 'Stop preview of Sarah' });
    expect(server.calls('POST', '/api/lemonfox-preview')).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: 'Stop preview of Sarah' }));
    expect(screen.getByRole('button', { name: 'Play preview of Sarah' })).toBeTruthy();
  });

  it('says plainly that previews need a connection, and shows the server’s message on refusal', async () => {
    server.on('POST', '/api/voices/preview', { network: true });
    server.on('POST', '/api/lemonfox-preview', { status: 502, body: new Blob([JSON.stringify({ message: 'Lemonfox did not answer.' })], { type: 'application/json' }) });
    renderPicker('english');
    fireEvent.click(await screen.findByRole('button', { name: 'Play preview of Ben' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Voice previews need a connection.');
    fireEvent.click(screen.getByRole('button', { name: 'Play preview of Sarah' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Lemonfox did not answer.'));
    expect(play).not.toHaveBeenCalled();
  });

  it('works offline from the cached lists and refreshes them when a day old', async () => {
    const fetchedAt = '2026-01-01T00:00:00.000Z';
    await db.voices.bulkPut(VOICES.providers.map((row) => ({ ...row, fetchedAt })));
    expect(voicesAreStale(await db.voices.toArray(), Date.parse(fetchedAt) + 60_000)).toBe(false);
    expect(voicesAreStale(await db.voices.toArray(), Date.parse(fetchedAt) + 25 * 3600_000)).toBe(true);

    server.on('GET', '/api/voices', { network: true });
    const offline = await loadVoices(voicesHttp);
    expect(offline.rows.map((row) => row.provider)).toEqual(['builtin', 'elevenlabs', 'lemonfox']);
    expect(offline.problem).toBe('You are offline; showing the voices saved on this device.');

    renderPicker('english');
    await waitFor(() => expect(listed()).toEqual(['Amy', 'Ben', 'Sarah']));
    expect(screen.getByText('You are offline; showing the voices saved on this device.')).toBeTruthy();

    // Back online: "Try again" asks the server, which now knows one provider fewer.
    server.on('GET', '/api/voices', { body: { providers: VOICES.providers.filter((row) => row.provider !== 'lemonfox') } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await Promise.resolve();
    });
    await waitFor(() => expect(listed()).toEqual(['Amy', 'Ben']));
    expect((await db.voices.toArray()).map((row) => row.provider).sort()).toEqual(['builtin', 'elevenlabs']);
  });
});
