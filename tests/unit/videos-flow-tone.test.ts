// The faceless styles' tone reaches the request, and the review step says how long a creator's own
// script really runs with the chosen voice when that differs from the priced estimate.
import { describe, expect, it } from 'vitest';
import { lengthNote } from '../../src/features/videos/create/ReviewStep';
import { estimateSeconds, initialFlowState, toRequest } from '../../src/features/videos/create/flow-state';
import { FACELESS_STYLES, styleSearch } from '../../src/features/videos/faceless/styles';

describe('tone and real length in the create flow', () => {
  it('sends the style’s tone with a topic, and ignores an unknown one', () => {
    const bedtime = FACELESS_STYLES.find((style) => style.id === 'kids-bedtime')!;
    const state = initialFlowState(styleSearch(bedtime, true));
    expect(state.tone).toBe('gentle');
    expect(toRequest(state, crypto.randomUUID(), undefined)).toMatchObject({ prompt: bedtime.sampleTopic, duration: 90, tone: 'gentle' });
    expect(initialFlowState({ prompt: 'Octopuses', tone: 'sarcastic' }).tone).toBeNull();
    expect(new Set(FACELESS_STYLES.map((style) => style.tone)).size).toBe(FACELESS_STYLES.length);
  });

  it('tells how long a written script runs with a faster voice, and nothing for a topic', () => {
    const state = { ...initialFlowState({}), script: Array.from({ length: 100 }, (_, index) => `word${index}`).join(' ') };
    const estimate = estimateSeconds(state, undefined);
    expect(estimate.seconds).toBe(40);
    // The default English voice (Flite slt) reads 3.35 words a second: 30 s, not 40.
    expect(lengthNote(estimate, state)).toBe('With this voice your video will run about 30 seconds (the price assumes 40): its length follows your script. To change it, edit the script or the voice speed.');
    const topic = { ...initialFlowState({ prompt: 'Octopuses' }) };
    expect(lengthNote(estimateSeconds(topic, undefined), topic)).toBeNull();
  });
});
