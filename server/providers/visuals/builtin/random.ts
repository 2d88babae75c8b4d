// Seeded randomness for the built-in art: the same (style, scene index, prompt) always draws the
// same picture, so a resumed render reproduces finished scenes byte for byte.
import { mulberry32 } from '../../../lib/seeded-random';

/** A scene's seed from its text (cyrb53, 53 bits). */
export { cyrb53 as hashSeed } from '../../../lib/seeded-random';

export interface Rng {
  /** 0 ≤ x < 1 */
  next(): number;
  /** min ≤ x < max */
  range(min: number, max: number): number;
  /** An integer min ≤ n ≤ max. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** Helpers over mulberry32; the hash's high bits are folded into the 32-bit state. */
export function createRng(seed: number): Rng {
  const next = mulberry32(seed ^ (seed / 4294967296));
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => Math.floor(min + next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}
