// Offline speech to text with pocketsphinx on a speech sample synthesised by the
// built-in voice, and the SRT/VTT written from the recognised words parsed back. pocketsphinx is
// required: .ci/run installs it, and without it these tests fail saying how to install it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaptionStyle, type WordTiming } from '../../contract';
import { toSrt, toVtt } from '../../server/media/captions';
import { createSpeechToText, findPocketsphinx, PocketsphinxTranscription, SpeechToText, TranscriptionProviderError, type Transcript } from '../../server/providers/stt';
import { expectTimingsValid, speechSample, type SpeechSample } from './stt-speech-sample';

const INSTALL = 'pocketsphinx is not installed: install it with `apt-get install pocketsphinx pocketsphinx-en-us` (Debian/Ubuntu; .ci/run does this), or set POCKETSPHINX_PATH';

function pocketsphinx() {
  const binary = findPocketsphinx();
  if (!binary) throw new Error(INSTALL);
  return binary;
}

let dir: string;
let sample: SpeechSample;
let transcript: Transcript;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stt-sphinx-'));
  sample = await speechSample(join(dir, 'speech.wav'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pocketsphinx', () => {
  it('is installed on this machine', () => {
    expect(findPocketsphinx(), INSTALL).not.toBeNull();
  });

  it('is chosen when nothing else is configured, labelled a rough draft', () => {
    pocketsphinx();
    const setup = createSpeechToText({ provider: undefined, openAi: { baseUrl: undefined, apiKey: undefined, model: 'whisper-1' }, lemonfox: { apiKey: undefined, baseUrl: 'https://api.lemonfox.ai/v1' }, pocketsphinxPath: undefined, chunkSeconds: 600 });
    expect(setup.configured).toBe(true);
    expect(setup.provider?.id).toBe('pocketsphinx');
    expect(setup.provider?.roughDraft).toBe(true);
  });

  it('transcribes the synthesised speech with monotonic word timings inside the audio', async () => {
    transcript = await new SpeechToText(new PocketsphinxTranscription(pocketsphinx())).transcribe({ audioPath: sample.path, language: null });
    expect(transcript.roughDraft).toBe(true);
    expect(transcript.engine).toEqual({ id: 'pocketsphinx', label: 'pocketsphinx (offline, rough draft)' });
    expect(transcript.language).toBe('en');
    expect(Math.abs(transcript.duration - sample.duration)).toBeLessThan(0.05);
    // Accuracy is low, so the exact text is not asserted; these words are recognised reliably
    // from this voice (and no filler such as <s>, <sil> or "hello(2)" leaks through).
    expect(transcript.words.length).toBeGreaterThanOrEqual(sample.truth.length / 2);
    const heard = transcript.words.map((word) => word.word);
    expect(heard).toEqual(expect.arrayContaining(['speech', 'weather']));
    for (const word of heard) expect(word).toMatch(/^[a-z0-9']+$/);
    expect(transcript.text).toBe(heard.join(' '));
    expectTimingsValid(transcript.words, transcript.duration);
    // Each recognised word sits near where the voice said it (the voice's own timings).
    const weather = transcript.words.find((word) => word.word === 'weather')!;
    const said = sample.truth.find((word) => word.word === 'weather')!;
    expect(Math.abs(weather.start - said.start)).toBeLessThan(0.3);
  });

  it('keeps one clock when a long recording is split into pieces', async () => {
    const chunked = await new SpeechToText(new PocketsphinxTranscription(pocketsphinx()), { chunkSeconds: 2 }).transcribe({ audio: sample.wav, mimeType: 'audio/wav' });
    expectTimingsValid(chunked.words, chunked.duration);
    // Words recognised in later pieces are placed after the first piece, not at its start.
    expect(chunked.words.some((word) => word.start > 4)).toBe(true);
    const weather = chunked.words.find((word) => word.word === 'weather');
    if (weather) expect(Math.abs(weather.start - sample.truth.find((word) => word.word === 'weather')!.start)).toBeLessThan(0.3);
  });

  it('refuses languages other than English', async () => {
    const error = await new SpeechToText(new PocketsphinxTranscription(pocketsphinx())).transcribe({ audioPath: sample.path, language: 'fr' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionProviderError);
    expect((error as TranscriptionProviderError).kind).toBe('bad');
    expect((error as Error).message).toMatch(/only recognises English/);
  });
});

interface Cue {
  index: number | null;
  start: number;
  end: number;
  text: string;
}

function seconds(clock: string, separator: ',' | '.'): number {
  const match = new RegExp(`^(\\d{2}):([0-5]\\d):([0-5]\\d)\\${separator}(\\d{3})$`).exec(clock);
  if (!match) throw new Error(`bad timestamp "${clock}"`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

/** A strict reader: blocks separated by one blank line, "a --> b" timing lines, text lines. */
function parseCues(body: string, separator: ',' | '.', numbered: boolean): Cue[] {
  return body
    .trim()
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      const index = numbered ? Number(lines.shift()) : null;
      if (numbered) expect(Number.isInteger(index)).toBe(true);
      const timing = /^(\S+) --> (\S+)$/.exec(lines.shift() ?? '');
      if (!timing) throw new Error(`no timing line in cue:\n${block}`);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.trim()).not.toBe('');
      return { index, start: seconds(timing[1]!, separator), end: seconds(timing[2]!, separator), text: lines.join(' ') };
    });
}

function expectCuesValid(cues: Cue[], words: WordTiming[]) {
  expect(cues.length).toBeGreaterThan(0);
  let previousEnd = 0;
  cues.forEach((cue, position) => {
    if (cue.index !== null) expect(cue.index).toBe(position + 1);
    expect(cue.end).toBeGreaterThan(cue.start);
    expect(cue.start).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = cue.end;
  });
  // Every word is in a cue, in order.
  expect(cues.map((cue) => cue.text).join(' ').toLowerCase()).toBe(words.map((word) => word.word).join(' ').toLowerCase());
}

describe('SRT and VTT from transcribed words', () => {
  const style = resolveCaptionStyle({ preset: 'clean' });

  it('writes valid SRT: numbered cues, HH:MM:SS,mmm timings, increasing and not overlapping', () => {
    expect(transcript, 'the pocketsphinx transcription above must have run').toBeDefined();
    const srt = toSrt(transcript.words, style);
    expect(srt.endsWith('\n')).toBe(true);
    expectCuesValid(parseCues(srt, ',', true), transcript.words);
  });

  it('writes valid WebVTT: the WEBVTT header, HH:MM:SS.mmm timings, increasing and not overlapping', () => {
    expect(transcript, 'the pocketsphinx transcription above must have run').toBeDefined();
    const vtt = toVtt(transcript.words, style);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expectCuesValid(parseCues(vtt.slice('WEBVTT\n\n'.length), '.', false), transcript.words);
  });
});
