// The in-memory voice lists and preview cache behind the voice routes: time-to-live with a
// background refresh, the kept list answered when the provider fails, bounded previews.
import { describe, expect, it } from 'vitest';
import type { VoiceInfo, VoiceProviderId } from '../../contract';
import { PreviewCache } from '../../server/domain/voices/previews';
import { VoiceCatalogue } from '../../server/domain/voices/voice-catalogue';
import { SpeechProviderError, type Speech, type SpeechProvider, type SpeechRequest } from '../../server/providers/tts/types';

/** A scripted provider: answers the next list from `lists` (an Error is thrown) and counts calls. */
class ScriptedProvider implements SpeechProvider {
  readonly label: string;
  calls = 0;
  speeches = 0;
  constructor(
    readonly id: VoiceProviderId,
    readonly configured: boolean,
    private readonly lists: Array<VoiceInfo[] | Error>,
  ) {
    this.label = id;
  }
  listVoices(): Promise<VoiceInfo[]> {
    this.calls++;
    const next = this.lists.length > 1 ? this.lists.shift()! : this.lists[0]!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }
  synthesize(request: SpeechRequest): Promise<Speech> {
    this.speeches++;
    return Promise.resolve({ audio: Buffer.alloc(request.text.length * 100, 1), format: 'mp3', words: [], duration: 1 });
  }
}

const voice = (id: string): VoiceInfo => ({ provider: 'elevenlabs', voice_id: id, name: id, languages: ['en'], gender: null, accent: null, description: null });
const flush = () => new Promise((resolve) => setImmediate(resolve));

function catalogueWith(eleven: ScriptedProvider, clock: { now: number }) {
  const off = (id: VoiceProviderId) => new ScriptedProvider(id, false, [[]]);
  return new VoiceCatalogue({ builtin: off('builtin'), elevenlabs: eleven, lemonfox: off('lemonfox'), openai: off('openai') }, { ttlMs: 1000, now: () => clock.now });
}

describe('voice catalogue', () => {
  it('keeps a list for its time to live, then answers it while refreshing in the background', async () => {
    const clock = { now: 0 };
    const eleven = new ScriptedProvider('elevenlabs', true, [[voice('a')], [voice('b')]]);
    const catalogue = catalogueWith(eleven, clock);
    expect((await catalogue.list('elevenlabs')).data.map((v) => v.voice_id)).toEqual(['a']);
    expect((await catalogue.list('elevenlabs')).data.map((v) => v.voice_id)).toEqual(['a']);
    expect(eleven.calls).toBe(1);
    clock.now = 1500;
    expect((await catalogue.list('elevenlabs')).data.map((v) => v.voice_id)).toEqual(['a']); // stale, answered at once
    await flush();
    expect(eleven.calls).toBe(2);
    expect((await catalogue.list('elevenlabs')).data.map((v) => v.voice_id)).toEqual(['b']);
  });

  it('answers the kept list when the provider fails, and fails only with nothing kept', async () => {
    const clock = { now: 0 };
    const broken = new SpeechProviderError('ElevenLabs is overloaded right now; try again shortly.', 'retry');
    const eleven = new ScriptedProvider('elevenlabs', true, [broken, [voice('a')], broken]);
    const catalogue = catalogueWith(eleven, clock);
    await expect(catalogue.list('elevenlabs')).rejects.toBe(broken);
    const all = await catalogue.all();
    expect(all.providers.find((p) => p.provider === 'elevenlabs')).toMatchObject({ configured: true, data: [{ voice_id: 'a' }] });
    clock.now = 5000;
    expect((await catalogue.list('elevenlabs')).data).toHaveLength(1);
    await flush();
    expect((await catalogue.list('elevenlabs')).data).toHaveLength(1);
    expect(eleven.calls).toBeGreaterThanOrEqual(3);
  });

  it('lists a failing provider with nothing kept as empty, with its error, in GET /api/voices', async () => {
    const eleven = new ScriptedProvider('elevenlabs', true, [new SpeechProviderError('ElevenLabs rejected the configured API key.', 'auth')]);
    const { providers } = await catalogueWith(eleven, { now: 0 }).all();
    expect(providers.find((p) => p.provider === 'elevenlabs')).toEqual({
      provider: 'elevenlabs',
      label: 'elevenlabs',
      configured: true,
      data: [],
      error: 'ElevenLabs rejected the configured API key.',
    });
  });
});

describe('preview cache', () => {
  it('synthesises one preview per provider, voice, language and text, sharing concurrent requests', async () => {
    const provider = new ScriptedProvider('elevenlabs', true, [[]]);
    const cache = new PreviewCache();
    const request = { voiceId: 'a', text: 'Hello', language: 'en' };
    const [first, second] = await Promise.all([cache.preview(provider, request), cache.preview(provider, request)]);
    expect(first).toBe(second);
    expect(first.contentType).toBe('audio/mpeg');
    await cache.preview(provider, request);
    expect(provider.speeches).toBe(1);
    await cache.preview(provider, { ...request, language: 'es' });
    expect(provider.speeches).toBe(2);
  });

  it('stays within its byte budget, dropping the least recently used first', async () => {
    const provider = new ScriptedProvider('elevenlabs', true, [[]]);
    const cache = new PreviewCache(4000); // each preview below is 1,000 bytes
    for (const text of ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc', 'dddddddddd']) await cache.preview(provider, { voiceId: 'v', text, language: 'en' });
    await cache.preview(provider, { voiceId: 'v', text: 'aaaaaaaaaa', language: 'en' }); // used again: now the newest
    await cache.preview(provider, { voiceId: 'v', text: 'eeeeeeeeee', language: 'en' }); // pushes out "b"
    expect(provider.speeches).toBe(5);
    await cache.preview(provider, { voiceId: 'v', text: 'aaaaaaaaaa', language: 'en' });
    expect(provider.speeches).toBe(5);
    await cache.preview(provider, { voiceId: 'v', text: 'bbbbbbbbbb', language: 'en' });
    expect(provider.speeches).toBe(6);
  });
});
