// The seeded generator and its hashes, with each caller's way of seeding it (built-in art, music
// composer, offline writer, fault picker): the recorded numbers are the sequences stored renders,
// scripts and fault replays are made of, so none of them may ever change.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/media/music/voices';
import { createRng, hashSeed, type Rng } from '../../server/providers/visuals/builtin/random';
import { cyrb53, fnv1a32, mulberry32 } from '../../server/lib/seeded-random';

const first = (next: () => number) => [next(), next(), next(), next()];
const firstOf = (rng: Rng) => first(() => rng.next());

/** mulberry32's first four numbers from a 32-bit state. */
const SEQUENCES: Record<number, number[]> = {
  0: [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197, 0.1462021479383111],
  1: [0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 0.9810509674716741],
  3: [0.7202267837710679, 0.03866216051392257, 0.4561921926215291, 0.07492800964973867],
  42: [0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693],
  4294967289: [0.43306733411736786, 0.32539576734416187, 0.5442695003002882, 0.48018999374471605],
  4294967295: [0.8964226141106337, 0.189478256739676, 0.7156526781618595, 0.9440599093213677],
  1243801897: [0.05084515386261046, 0.9483478942420334, 0.6413955336902291, 0.2816855947021395],
};

describe('the seeded generator', () => {
  it('gives the recorded sequence for each 32-bit state, the seed taken modulo 2^32', () => {
    for (const [state, expected] of Object.entries(SEQUENCES)) expect(first(mulberry32(Number(state))), state).toEqual(expected);
    // The fault picker's seeds are any integer: -7 and 2^40 + 3 are states 2^32 − 7 and 3.
    expect(first(mulberry32(-7))).toEqual(SEQUENCES[4294967289]);
    expect(first(mulberry32(2 ** 40 + 3))).toEqual(SEQUENCES[3]);
  });

  it('keeps the music composer’s zero state at 1', () => {
    expect(first(seededRandom(0))).toEqual(SEQUENCES[1]);
    expect(first(seededRandom(42))).toEqual(SEQUENCES[42]);
    expect(first(seededRandom(2 ** 40 + 3))).toEqual(SEQUENCES[3]);
  });

  it('folds a 53-bit art seed into the state as the built-in art always has', () => {
    expect(firstOf(createRng(42))).toEqual(SEQUENCES[42]);
    expect(firstOf(createRng(-7))).toEqual(SEQUENCES[4294967289]);
    expect(firstOf(createRng(2 ** 40 + 3))).toEqual([0.5874908142723143, 0.26970103150233626, 0.5287940942216665, 0.2953717727214098]);
    expect(firstOf(createRng(hashSeed('layout\u0000x')))).toEqual([0.7357076702173799, 0.8572737609501928, 0.5121048812288791, 0.604011490708217]);
  });

  it('hashes text to the recorded seeds (cyrb53 for the art, FNV-1a for the writer and "Auto" music)', () => {
    expect(['', 'a', 'layout\u0000x', 'Reelflow ✓'].map(cyrb53)).toEqual([3338908027751811, 7929297801672961, 5250953176440087, 7907502058273510]);
    expect(hashSeed).toBe(cyrb53);
    expect(['', 'a', 'cats|neutral|', 'Reelflow ✓'].map(fnv1a32)).toEqual([2166136261, 3826002220, 1243801897, 3992826456]);
  });
});
