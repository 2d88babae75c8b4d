// Voice lists per provider, kept in memory: a fresh list is answered at once; a stale one is
// answered too while a refresh runs in the background; a provider that fails while a list is
// kept still answers the kept list. Only a provider with nothing kept and failing is an error.
import type { AllVoicesResponse, VoiceInfo, VoiceProviderId, VoicesResponse } from '../../../contract';
import { VOICE_PROVIDERS } from '../../../contract';
import type { SpeechProvider } from '../ports/speech';

/** Lists change rarely (a new cloned voice); ten minutes keeps the picker current enough. */
export const VOICE_LIST_TTL_MS = 10 * 60 * 1000;

interface Kept {
  voices: VoiceInfo[];
  fetchedAt: number;
}

export interface VoiceCatalogueOptions {
  ttlMs?: number;
  now?: () => number;
  /** Told about background refreshes that failed (the answer already went out). */
  onBackgroundError?: (provider: VoiceProviderId, error: unknown) => void;
}

export class VoiceCatalogue {
  private readonly kept = new Map<VoiceProviderId, Kept>();
  private readonly inFlight = new Map<VoiceProviderId, Promise<VoiceInfo[]>>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly providers: Record<VoiceProviderId, SpeechProvider>,
    private readonly options: VoiceCatalogueOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? VOICE_LIST_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  provider(id: VoiceProviderId): SpeechProvider {
    return this.providers[id];
  }

  /** One fetch at a time per provider; the result is kept whatever asked for it. */
  private refresh(id: VoiceProviderId): Promise<VoiceInfo[]> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const fetching = this.providers[id]
      .listVoices()
      .then((voices) => {
        this.kept.set(id, { voices, fetchedAt: this.now() });
        return voices;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, fetching);
    return fetching;
  }

  /** The provider's voices; throws only when it fails with nothing kept. */
  async voices(id: VoiceProviderId): Promise<VoiceInfo[]> {
    const provider = this.providers[id];
    if (!provider.configured) return [];
    const kept = this.kept.get(id);
    if (!kept) return this.refresh(id);
    if (this.now() - kept.fetchedAt >= this.ttlMs) {
      this.refresh(id).catch((error: unknown) => this.options.onBackgroundError?.(id, error));
    }
    return kept.voices;
  }

  async list(id: VoiceProviderId): Promise<VoicesResponse> {
    const provider = this.providers[id];
    return { provider: id, label: provider.label, configured: provider.configured, data: await this.voices(id) };
  }

  /** Every provider; one that fails (with nothing kept) is listed empty with its error. */
  async all(): Promise<AllVoicesResponse> {
    const providers = await Promise.all(
      VOICE_PROVIDERS.map(async (id): Promise<VoicesResponse> => {
        try {
          return await this.list(id);
        } catch (error) {
          const provider = this.providers[id];
          const message = error instanceof Error ? error.message : 'The voice list could not be loaded.';
          return { provider: id, label: provider.label, configured: provider.configured, data: [], error: message };
        }
      }),
    );
    return { providers };
  }

  /** The voice with this id, from the (possibly kept) list; undefined when the provider has none. */
  async find(id: VoiceProviderId, voiceId: string): Promise<VoiceInfo | undefined> {
    return (await this.voices(id)).find((voice) => voice.voice_id === voiceId);
  }
}
