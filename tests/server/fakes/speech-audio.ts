// Speech-like audio for the fakes, with the truth known: each word is a voiced burst (a buzz with
// harmonics) whose length follows its letters, words are 40 ms apart and punctuation adds a
// pause. Tests compare the timings an adapter derives from this audio with `truth`.
import type { WordTiming } from '../../../contract';
import { encodeWav } from '../../../server/providers/tts/wav';

export interface FakeSpeech {
  wav: Buffer;
  truth: WordTiming[];
  duration: number;
}

export function speechLikeWav(text: string, sampleRate = 24_000): FakeSpeech {
  const tokens = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
  const segments: Array<{ start: number; end: number }> = [];
  const truth: WordTiming[] = [];
  let at = 0.15;
  for (const token of tokens) {
    const length = 0.1 + 0.055 * token.replace(/[^\p{L}\p{N}]/gu, '').length;
    truth.push({ word: token, start: at, end: at + length });
    segments.push({ start: at, end: at + length });
    at += length + (/[.!?]$/.test(token) ? 0.45 : /[,;:]$/.test(token) ? 0.25 : 0.04);
  }
  const duration = at + 0.2;
  const samples = new Int16Array(Math.round(duration * sampleRate));
  for (const { start, end } of segments) {
    for (let index = Math.round(start * sampleRate); index < Math.round(end * sampleRate); index++) {
      const time = index / sampleRate;
      samples[index] = Math.round(6000 * Math.sin(2 * Math.PI * 140 * time) + 3000 * Math.sin(2 * Math.PI * 280 * time) + 1500 * Math.sin(2 * Math.PI * 560 * time));
    }
  }
  return { wav: encodeWav({ samples, sampleRate }), truth, duration };
}
