// Voice previews: the same voice reading the same text is synthesised once and kept (bounded, least
// recently used out first), so browsing the picker does not spend the operator's provider credit
// again for each click. Concurrent requests for one preview share one synthesis.
import { DEFAULT_PREVIEW_TEXT } from '../../../contract';
import type { Speech, SpeechProvider } from '../ports/speech';

/** The sample read when the client sent no text: in the voice's own language. */
export const PREVIEW_SAMPLES: Record<string, string> = {
  en: DEFAULT_PREVIEW_TEXT,
  es: '¡Hola! Así sonará tu próximo vídeo.',
  fr: 'Salut ! Voici comment sonnera ta prochaine vidéo.',
  de: 'Hallo! So wird dein nächstes Video klingen.',
  it: 'Ciao! Ecco come suonerà il tuo prossimo video.',
  pt: 'Olá! É assim que o seu próximo vídeo vai soar.',
  nl: 'Hoi! Zo klinkt je volgende video.',
  pl: 'Cześć! Tak zabrzmi twój następny film.',
  tr: 'Merhaba! Bir sonraki videon böyle duyulacak.',
};

export interface Preview {
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
}

export const PREVIEW_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class PreviewCache {
  private readonly kept = new Map<string, Preview>();
  private readonly inFlight = new Map<string, Promise<Preview>>();
  private bytes = 0;

  constructor(private readonly maxBytes = PREVIEW_CACHE_MAX_BYTES) {}

  private remember(key: string, preview: Preview): void {
    if (preview.audio.length > this.maxBytes / 4) return;
    this.kept.set(key, preview);
    this.bytes += preview.audio.length;
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= value.audio.length;
    }
  }

  /** The kept preview, or a new one from `provider` (kept unless it failed). */
  async preview(provider: SpeechProvider, request: { voiceId: string; text: string; language: string }): Promise<Preview> {
    const key = JSON.stringify([provider.id, request.voiceId, request.language, request.text]);
    const kept = this.kept.get(key);
    if (kept) {
      // Map order is the recency order: re-insert to mark it used.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const running = this.inFlight.get(key);
    if (running) return running;
    const making = provider
      .synthesize({ text: request.text, voiceId: request.voiceId, language: request.language, speed: 1 })
      .then((speech: Speech): Preview => {
        const preview: Preview = { audio: speech.audio, contentType: speech.format === 'mp3' ? 'audio/mpeg' : 'audio/wav' };
        this.remember(key, preview);
        return preview;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, making);
    return making;
  }
}
