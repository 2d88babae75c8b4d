// Test doubles for the AI-video API tests: a speech provider that reads at a fixed pace (and can
// be told to fail), and scene pictures and a "composer" that write small files.
// The real pieces are exercised by tests/server/videos-render.test.ts; these keep the contract
// tests fast and let them steer failures.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { VoiceInfo } from '../../contract/voices';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import type { ComposeInput, ComposeResult } from '../../server/media/types';
import { type Speech, type SpeechProvider, type SpeechRequest } from '../../server/providers/tts/types';
import { encodeWav } from '../../server/providers/tts/wav';
import { spokenWords } from '../../server/providers/tts/words';
import type { SceneVisual, SceneVisualRequest, VisualProvider } from '../../server/providers/visuals/types';

/** Reads every word in `secondsPerWord`; `failNext` makes the next calls throw. */
export class PacedSpeech implements SpeechProvider {
  readonly id = 'builtin' as const;
  readonly label = 'Paced speech (tests)';
  readonly configured = true;
  calls = 0;
  failNext: Error[] = [];

  constructor(public secondsPerWord = 0.3) {}

  listVoices(): Promise<VoiceInfo[]> {
    return Promise.resolve([{ provider: 'builtin', voice_id: 'paced', name: 'Paced', languages: ['en'], gender: null, accent: null, description: null }]);
  }

  synthesize(request: SpeechRequest): Promise<Speech> {
    this.calls++;
    const failure = this.failNext.shift();
    if (failure) return Promise.reject(failure);
    const words = spokenWords(request.text).map((word, index) => ({ word: word.word, start: index * this.secondsPerWord, end: (index + 0.8) * this.secondsPerWord }));
    const duration = words.length * this.secondsPerWord;
    const sampleRate = 8000;
    const audio = encodeWav({ samples: new Int16Array(Math.ceil(duration * sampleRate)), sampleRate });
    return Promise.resolve({ audio, format: 'wav', words, duration });
  }
}

export class FlatVisuals implements VisualProvider {
  readonly id = 'builtin';
  readonly label = 'Flat pictures (tests)';
  calls = 0;

  async sceneVisual(request: SceneVisualRequest): Promise<SceneVisual> {
    this.calls++;
    const path = `${request.outputBase}.png`;
    await writeFile(path, Buffer.from(`scene ${request.index}`));
    // The first scene carries a motion hint (as the built-in art does) and an open licence's
    // credit (as Openverse photos do); the others neither.
    const first = request.index === 0 ? { motion: FLAT_FIRST_SCENE_MOTION, attribution: FLAT_FIRST_SCENE_CREDIT, licence: FLAT_FIRST_SCENE_LICENCE } : { attribution: null };
    return { kind: 'image', path, width: request.width, height: request.height, ...first };
  }
}

export const FLAT_FIRST_SCENE_MOTION = { pan: 'up', zoom: 'in', amount: 0.1 } as const;
export const FLAT_FIRST_SCENE_CREDIT = 'Photo: "Flat" by Test Painter, CC BY 4.0, https://example.org/flat';
export const FLAT_FIRST_SCENE_LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', author: 'Test Painter', title: 'Flat', source: 'https://example.org/flat' };

/**
 * Writes a small "video" and thumbnail; `failNext` makes the next calls throw; `hangNext` makes
 * the next call wait until its render is stopped (and calls the function when it starts).
 */
export class FileComposer {
  calls = 0;
  failNext: Error[] = [];
  hangNext: (() => void) | null = null;
  /** What the last call was asked to compose. */
  lastInput: ComposeInput | null = null;

  readonly compose = async (input: ComposeInput, _onProgress?: unknown, signal?: AbortSignal): Promise<ComposeResult> => {
    this.calls++;
    this.lastInput = input;
    const failure = this.failNext.shift();
    if (failure) throw failure;
    const hang = this.hangNext;
    if (hang) {
      this.hangNext = null;
      // Something is written first, as a real encoder would, so a stop must clean it up.
      await writeFile(input.outputPath, Buffer.from('partial'));
      hang();
      await new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
    }
    await mkdir(dirname(input.outputPath), { recursive: true });
    const bytes = Buffer.from(`video of ${input.scenes.length} scenes, ${input.duration.toFixed(2)} s`);
    await writeFile(input.outputPath, bytes);
    await writeFile(input.thumbnailPath, Buffer.from('thumbnail'));
    return { duration: input.duration, width: input.width, height: input.height, sizeBytes: bytes.length };
  };
}

export function fakeRenderPieces(speech = new PacedSpeech(), visuals = new FlatVisuals(), composer = new FileComposer()) {
  const overrides: Partial<RenderServices> = {
    speech: { builtin: speech },
    visuals,
    compose: composer.compose,
  };
  return { speech, visuals, composer, overrides };
}
