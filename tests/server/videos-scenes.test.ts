// Scene planning and timing of the render pipeline: sentences grouped into ~3–7 s scenes, long
// sentences cut, keywords in the video's language, and scene spans taken from the voice's word
// timings (scaled when the voice split words differently from the text).
import { describe, expect, it } from 'vitest';
import type { PlannedScene } from '../../server/domain/videos/checkpoint';
import { groupScenes, planScenes, sentences } from '../../server/domain/videos/pipeline/scenes';
import { sceneSpans, TAIL_SECONDS } from '../../server/domain/videos/pipeline/timing';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('scene planning', () => {
  it('groups sentences into scenes of about 8 to 17 words, never splitting a sentence that fits', () => {
    const text = 'Octopuses have three hearts. Two pump blood to the gills. One pumps it to the body. Their blood is blue because it carries copper. They taste with their arms. Some can even change colour in a blink.';
    const scenes = groupScenes(sentences(text));
    expect(scenes.join(' ')).toBe(text);
    for (const scene of scenes) {
      expect(words(scene)).toBeGreaterThanOrEqual(8);
      expect(words(scene)).toBeLessThanOrEqual(17);
      expect(scene).toMatch(/[.!?]$/);
    }
  });

  it('cuts an over-long sentence at commas, then into even runs of words', () => {
    const long = `${Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ')}.`;
    const parts = sentences(`First, a short clause. ${long}`);
    expect(parts[0]).toBe('First, a short clause.');
    expect(parts.slice(1).map(words)).toEqual([15, 15]);
  });

  it('keeps a short last sentence with the scene before it', () => {
    expect(groupScenes(['One two three four five six seven eight nine.', 'Bye.'])).toEqual(['One two three four five six seven eight nine. Bye.']);
  });

  it('gives each scene a styled visual prompt and keywords in the video language', () => {
    const [scene] = planScenes('Los pulpos tienen tres corazones y sangre azul.', 'pixel-art', 'spanish');
    expect(scene!.prompt).toBe('Los pulpos tienen tres corazones y sangre azul. (pixel art style, vertical short-video frame, no text)');
    expect(scene!.keywords).toContain('corazones');
    expect(scene!.keywords).not.toContain('tienen');
    expect(scene!.wordCount).toBe(8);
  });
});

describe('scene timing from word timings', () => {
  const scene = (wordCount: number): PlannedScene => ({ text: '', prompt: '', keywords: [], wordCount });
  const timed = (count: number, step: number) => Array.from({ length: count }, (_, i) => ({ word: `w${i}`, start: i * step, end: i * step + step * 0.8 }));

  it('starts each scene at its first spoken word and ends the last one after the tail', () => {
    const spans = sceneSpans([scene(4), scene(6)], timed(10, 0.5), 5);
    expect(spans).toEqual([
      { start: 0, duration: 2 },
      { start: 2, duration: 5 + TAIL_SECONDS - 2 },
    ]);
  });

  it('scales when the voice counted words differently (numbers read out, hyphens)', () => {
    // 10 words of text read as 20 timed words: the second scene starts at timed word 8.
    const spans = sceneSpans([scene(4), scene(6)], timed(20, 0.25), 5);
    expect(spans[1]!.start).toBe(2);
  });

  it('shares the narration evenly when the voice gave no timings', () => {
    expect(sceneSpans([scene(3), scene(3)], [], 6).map((span) => span.start)).toEqual([0, 3]);
  });
});
