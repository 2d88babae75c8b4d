// A real speech sample for the speech-to-text tests, synthesised by the built-in offline voice
// (Flite "slt", recordings of a real speaker: pocketsphinx recognises it far better than eSpeak's
// formant voice), with the voice's own word timings as the truth.
import { writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { WordTiming } from '../../contract';
import { BuiltinSpeechProvider } from '../../server/providers/tts';

export const SAMPLE_TEXT = 'Hello world. This is a test of the speech recognition system. The weather today is good.';

export interface SpeechSample {
  path: string;
  wav: Buffer;
  duration: number;
  /** The spoken words (punctuation removed) with the voice's timings. */
  truth: WordTiming[];
}

export async function speechSample(path: string, text = SAMPLE_TEXT): Promise<SpeechSample> {
  const voice = new BuiltinSpeechProvider();
  try {
    const speech = await voice.synthesize({ text, voiceId: 'flite-slt', language: 'en', speed: 0.9 });
    await writeFile(path, speech.audio);
    const truth = speech.words.map((word) => ({ ...word, word: word.word.replace(/[.,!?;:]+$/, '') }));
    return { path, wav: speech.audio, duration: speech.duration, truth };
  } finally {
    await voice.close();
  }
}

/** Words in order, none before the previous one ended, all inside [0, duration]. */
export function expectTimingsValid(words: readonly WordTiming[], duration: number): void {
  let previousEnd = 0;
  for (const word of words) {
    expect(word.start, `"${word.word}" starts before the previous word ended`).toBeGreaterThanOrEqual(previousEnd);
    expect(word.end, `"${word.word}" ends before it starts`).toBeGreaterThanOrEqual(word.start);
    expect(word.end, `"${word.word}" ends after the audio`).toBeLessThanOrEqual(duration);
    previousEnd = word.end;
  }
}
