// Built-in voices (offline): Flite (English) and eSpeak NG (every language), compiled to
// WebAssembly, shipped in npm packages and run in a worker thread of the server. No key, no
// download; word timings from the engines' own word events or phone segments.
import type { VoiceInfo, WordTiming } from '../../../../contract';
import { SpeechProviderError, type Speech, type SpeechProvider, type SpeechRequest } from '../types';
import { encodeWav, type Pcm } from '../wav';
import { timingsFromEvents } from './espeak';
import { fliteWords, timingsFromFlite } from './flite';
import { BUILTIN_VOICES, findBuiltinVoice, type BuiltinVoice } from './voices';
import { SpeechWorker } from './worker-client';

/** eSpeak's words per minute at speed 1: a little under its default 175, easier to follow. */
const BASE_RATE = 165;

export class BuiltinSpeechProvider implements SpeechProvider {
  readonly id = 'builtin' as const;
  readonly label = 'Built-in voices (offline)';
  readonly configured = true;

  constructor(private readonly engine = new SpeechWorker()) {}

  listVoices(): Promise<VoiceInfo[]> {
    return Promise.resolve(BUILTIN_VOICES.map((voice) => voice.info));
  }

  async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
    const voice = findBuiltinVoice(request.voiceId);
    if (!voice) throw new SpeechProviderError('This built-in voice does not exist.', 'bad');
    signal?.throwIfAborted();
    let result: { pcm: Pcm; words: WordTiming[] };
    try {
      result = await this.speak(voice, request.text.replace(/\s+/g, ' ').trim(), request.speed);
    } catch (error) {
      throw new SpeechProviderError(`The built-in voice failed: ${error instanceof Error ? error.message : String(error)}.`, 'retry');
    }
    signal?.throwIfAborted();
    const duration = result.pcm.samples.length / result.pcm.sampleRate;
    return { audio: encodeWav(result.pcm), format: 'wav', words: result.words, duration };
  }

  private async speak(voice: BuiltinVoice, text: string, speed: number): Promise<{ pcm: Pcm; words: WordTiming[] }> {
    if (voice.engine === 'flite') {
      const stretch = Math.min(2, Math.max(0.5, 1 / speed));
      return timingsFromFlite(text, await this.engine.flite({ text, voice: voice.engineVoice, stretch, words: fliteWords(text) }));
    }
    const rate = Math.min(450, Math.max(80, Math.round(BASE_RATE * speed)));
    const pcm = await this.engine.espeak({ text, voice: voice.engineVoice, rate, pitch: 50 });
    return { pcm, words: timingsFromEvents(text, pcm) };
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
