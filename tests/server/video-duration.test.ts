// A requested length is met: the offline writer sizes the script for the voice that reads it
// (contract/voice-pace.ts), and the voice stage fits the real narration — pace and pauses between
// the script's parts — so the voice-over plus the video's tail lands within ±10 % of the length
// asked for. Real built-in voices (Flite, eSpeak NG); the voice stage's output, not a full render.
import { afterAll, describe, expect, it } from 'vitest';
import type { AiVideoSettings } from '../../contract';
import type { VideoCheckpoint } from '../../server/domain/videos/checkpoint';
import type { StageContext } from '../../server/domain/videos/pipeline/context';
import { addPauses, fitToDuration, paragraphStarts } from '../../server/domain/videos/pipeline/fit-duration';
import { planScenes } from '../../server/domain/videos/pipeline/scenes';
import { scriptStage } from '../../server/domain/videos/pipeline/script';
import { TAIL_SECONDS } from '../../server/domain/videos/pipeline/timing';
import { voiceStage } from '../../server/domain/videos/pipeline/voice';
import { OfflineScriptWriter } from '../../server/providers/llm';
import { MAX_WORDS } from '../../server/providers/llm/offline-writer';
import { writerReachMessage, writerReachSeconds } from '../../contract/writer-reach';
import { BuiltinSpeechProvider } from '../../server/providers/tts';
import { decodeWav } from '../../server/providers/tts/wav';
import { PacedSpeech } from './videos-fixtures';

const provider = new BuiltinSpeechProvider();
afterAll(() => provider.close());

function contextFor(settings: Partial<AiVideoSettings>, checkpoint: VideoCheckpoint, id: string): StageContext {
  const video = { id, title: 'Test', settings: { language: 'english', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false, ...settings } };
  const services = { scriptWriter: new OfflineScriptWriter(), speech: { builtin: provider }, storage: { putBuffer: () => Promise.resolve() } };
  return {
    services,
    video,
    checkpoint,
    prefix: `users/1/videos/${id}/`,
    workDir: '/nonexistent',
    signal: new AbortController().signal,
    progress: () => undefined,
    saveCheckpoint: () => Promise.resolve(),
  } as unknown as StageContext;
}

async function narrate(settings: Partial<AiVideoSettings>, id: string) {
  const checkpoint: VideoCheckpoint = {};
  Object.assign(checkpoint, await scriptStage(contextFor(settings, checkpoint, id)));
  Object.assign(checkpoint, await voiceStage(contextFor(settings, checkpoint, id)));
  return checkpoint as Required<Pick<VideoCheckpoint, 'script' | 'voice'>>;
}

const VOICES = [
  { language: 'english' as const, voice: { provider: 'builtin' as const, voice_id: 'flite-slt', speed: 1 } },
  { language: 'english' as const, voice: { provider: 'builtin' as const, voice_id: 'flite-rms', speed: 1.1 } },
  { language: 'english' as const, voice: { provider: 'builtin' as const, voice_id: 'en-gb-x-rp+m3', speed: 0.85 } },
  { language: 'spanish' as const, voice: undefined },
];

describe('a requested duration is met', () => {
  for (const seconds of [5, 10, 15, 30, 45, 60]) {
    // At 5 s a voice slowed to 0.85 reads even the shortest script, its hook alone, in about 6 s.
    const voices = seconds < 10 ? VOICES.filter(({ voice }) => (voice?.speed ?? 1) >= 1) : VOICES;
    it.each(voices)(`${seconds} s with %o`, async ({ language, voice }) => {
      const prompt = language === 'spanish' ? 'Los volcanes' : 'Five fun facts about octopuses';
      const { script, voice: speech } = await narrate({ prompt, duration: seconds, language, voice, tone: 'playful' }, `video-${seconds}-${voice?.voice_id ?? language}`);
      expect(script.targetSeconds).toBe(seconds);
      const length = speech.duration + TAIL_SECONDS;
      expect(length, `${seconds} s asked, ${length.toFixed(1)} s narrated`).toBeGreaterThanOrEqual(seconds * 0.9);
      expect(length, `${seconds} s asked, ${length.toFixed(1)} s narrated`).toBeLessThanOrEqual(seconds * 1.1);
      // The word timings still run in order and inside the audio.
      const last = speech.words.at(-1)!;
      expect(last.end).toBeLessThanOrEqual(speech.duration + 0.01);
      speech.words.slice(1).forEach((word, index) => expect(word.start).toBeGreaterThanOrEqual(speech.words[index]!.start));
    });
  }

  it('leaves a creator’s own script as long as its narration', async () => {
    const checkpoint: VideoCheckpoint = { source: { text: 'One short line.\n\nAnother short line.', title: null } };
    const settings = { script: 'One short line.\n\nAnother short line.', duration: 60 };
    Object.assign(checkpoint, await scriptStage(contextFor(settings, checkpoint, 'own')));
    expect(checkpoint.script).toMatchObject({ targetSeconds: null, attribution: null });
    const { voice } = await voiceStage(contextFor(settings, checkpoint, 'own'));
    expect(voice!.duration).toBeLessThan(5);
  });
});

describe('fitting the narration', () => {
  const text = 'First part here.\n\nSecond part, a little longer.\n\nThird.';

  it('finds where each part starts in the spoken words', () => {
    expect(paragraphStarts(text)).toEqual([3, 8]);
  });

  it('puts silence between parts and moves the later words by it', async () => {
    const speech = await new PacedSpeech(0.3).synthesize({ text: text.replace(/\s+/g, ' '), voiceId: 'paced', language: 'en', speed: 1 });
    const paused = addPauses(speech, [3, 8], 2);
    expect(paused.duration).toBeCloseTo(speech.duration + 2, 2);
    expect(decodeWav(paused.audio).samples.length / 8000).toBeCloseTo(paused.duration, 3);
    expect(paused.words[2]!.start).toBeCloseTo(speech.words[2]!.start, 5);
    expect(paused.words[3]!.start).toBeCloseTo(speech.words[3]!.start + 1, 5);
    expect(paused.words[8]!.start).toBeCloseTo(speech.words[8]!.start + 2, 5);
  });

  it('reads again faster when too long, never beyond a small change of pace', async () => {
    const speeds: number[] = [];
    const voice = new PacedSpeech(0.5);
    const synthesize = (speed: number) => {
      speeds.push(speed);
      voice.secondsPerWord = 0.5 / speed;
      return voice.synthesize({ text, voiceId: 'paced', language: 'en', speed });
    };
    const first = await synthesize(1);
    const fitted = await fitToDuration(first, { text, goal: 2, speed: 1, synthesize });
    expect(speeds).toEqual([1, 1.15]);
    expect(fitted.duration).toBeGreaterThan(2);
  });

  it('cuts scenes at the script’s parts, never across two', () => {
    const narration = 'A hook that grabs.\n\nThe first beat says one thing. Then it says another thing at some length, so it runs on.\n\nPayoff.';
    const scenes = planScenes(narration, 'cinematic', 'english');
    expect(scenes.map((scene) => scene.text)).toEqual(['A hook that grabs.', 'The first beat says one thing. Then it says another thing at some length, so it runs on.', 'Payoff.']);
  });
});

describe('a length the offline writer cannot fill', () => {
  it('is refused before anything is charged, saying why and what to do', async () => {
    const { checkWriterReach } = await import('../../server/domain/videos/create');
    const writer = new OfflineScriptWriter();
    const settings: AiVideoSettings = { prompt: 'Octopuses', language: 'english', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false };
    expect(() => checkWriterReach(writer, { ...settings, duration: 60 })).not.toThrow();
    expect(() => checkWriterReach(writer, { ...settings, duration: 300 })).toThrow(
      /^Without an AI model, the offline writer's scripts for this voice fill at most about \d+ seconds, so a 300-second video would come out shorter\. Choose \d+ seconds or less, slow the voice down, or write the script yourself\.$/,
    );
    // A creator's own script, or a writer without a limit, is never refused for this.
    expect(() => checkWriterReach(writer, { ...settings, prompt: undefined, script: 'Hi.', duration: 300 })).not.toThrow();
    const unlimited = { id: 'x', label: 'x', write: (brief: Parameters<typeof writer.write>[0]) => writer.write(brief) };
    expect(() => checkWriterReach(unlimited, { ...settings, duration: 300 })).not.toThrow();
  });

  it('is one reach, the contract’s: the create flow shows the longest length the server accepts, and the same sentence', async () => {
    const { checkWriterReach } = await import('../../server/domain/videos/create');
    const writer = new OfflineScriptWriter();
    // The default English voice (Flite slt, 3.35 words a second): 185 words, read 15 % slower with
    // five 1.5 s pauses and the 0.6 s tail, fill 73 s; met within 10 %, that is 81 s.
    expect(writerReachSeconds(MAX_WORDS, null, 'english')).toBe(81);
    expect(writerReachSeconds(null, null, 'english')).toBeNull();
    const readers: Pick<AiVideoSettings, 'language' | 'voice'>[] = [
      { language: 'english' },
      { language: 'spanish' },
      { language: 'english', voice: { provider: 'builtin', voice_id: 'flite-rms', speed: 0.85 } },
      { language: 'german', voice: { provider: 'builtin', voice_id: 'de+m3', speed: 1.4 } },
      { language: 'english', voice: { provider: 'elevenlabs', voice_id: 'any', speed: 1 } },
    ];
    for (const reader of readers) {
      const longest = writerReachSeconds(MAX_WORDS, reader.voice, reader.language)!;
      const settings: AiVideoSettings = { prompt: 'Octopuses', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false, ...reader };
      expect(() => checkWriterReach(writer, { ...settings, duration: longest })).not.toThrow();
      expect(() => checkWriterReach(writer, { ...settings, duration: longest + 1 })).toThrow(writerReachMessage(longest, longest + 1));
    }
  });
});
