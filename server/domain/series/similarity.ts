// Is a new episode's topic a repeat of the series' past ones? Title against title and script
// against script, by content words and character trigrams (server/lib/text-similarity.ts has the
// rules and why). The code lives in server/lib so the offline topic engine, a provider, can skip
// its own repeats with the same measure: providers may not import the domain.
export { closestMatch, normaliseText, similarity, SCRIPT_SIMILARITY_THRESHOLD, SIMILARITY_THRESHOLD, type Comparable } from '../../lib/text-similarity';
