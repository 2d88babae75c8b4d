// TEMPORARY: the similarity check the series' topic ideas bring in another change
// (server/domain/series/similarity.ts, same exports) until it lands; then the import moves there
// and this file goes. Word-set overlap (Jaccard) of the normalised title and script.

/** Above this an episode is "the same topic again". */
export const SIMILARITY_THRESHOLD = 0.6;

export interface Comparable {
  title: string;
  script?: string | null | undefined;
}

/** Lower case, letters and digits only, single spaces. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const words = (text: string) => new Set(normaliseText(text).split(' ').filter((word) => word.length > 2));

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/** 0 (nothing alike) … 1 (the same): the closer of the titles and, when both have one, the scripts. */
export function similarity(a: Comparable, b: Comparable): number {
  const titles = jaccard(words(a.title), words(b.title));
  const scripts = a.script && b.script ? jaccard(words(a.script), words(b.script)) : 0;
  return Math.max(titles, scripts);
}

/** The earlier item closest to `candidate` when it is above the threshold, else null. */
export function closestMatch(candidate: Comparable, history: Comparable[]): { index: number; score: number } | null {
  let best: { index: number; score: number } | null = null;
  history.forEach((item, index) => {
    const score = similarity(candidate, item);
    if (score > SIMILARITY_THRESHOLD && (!best || score > best.score)) best = { index, score };
  });
  return best;
}
