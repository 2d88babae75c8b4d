// Seeded randomness for whatever the server makes that must come out the same from the same input
// (built-in art, built-in music, the offline writer's wording, the test-mode fault picker), and
// the string hashes that turn an input into a seed. Stored renders and replayed runs depend on the
// exact sequences: a change here changes their bytes.

/**
 * mulberry32: a tiny, well-mixed generator over a 32-bit state, numbers 0 ≤ x < 1. The seed's low
 * 32 bits are the state (as `seed >>> 0`: -1 and 2^32 − 1 start alike).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** cyrb53: a fast, well-mixed 53-bit string hash (public domain). */
export function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** FNV-1a over the UTF-16 code units: a stable unsigned 32-bit hash. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
