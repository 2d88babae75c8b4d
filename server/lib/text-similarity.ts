// How alike two short texts are (topic titles, scripts), for telling a new series episode from a
// repeat. Pure and cheap: no dictionary, no model. It lives in server/lib because both the domain
// (checking a series' history) and the offline topic engine (skipping ideas it already had) need
// it, and providers may not import the domain; server/domain/series/similarity.ts is its name there.

/**
 * Words that carry no topic: English function words, and the frames a title is told in ("facts
 * about", "the story of", "what you never knew about"). Dropping the frames makes "The story of
 * the Colosseum" a repeat of "Strange facts about the Colosseum" (the same subject told another
 * way) and keeps two titles in one frame apart when their subjects differ.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but nor so yet of in on at to for from by with without about into onto over under through during before after above below between among around ' +
    'is are was were be been being am do does did doing have has had having will would shall should can could may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here ' +
    'what which who whom whose why how when where than then too very just also only not no nor ever never more most much many some any all each every ' +
    'such own same other another as if because while until up down out off again once both few s t ' +
    'fact facts story stories tale tales history histories secret secrets truth truths thing things know knew known really actually everything something nothing closer look'
  ).split(' '),
);

/** Lower case, accents off (NFKD without combining marks), punctuation out, whitespace collapsed. */
function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A stem that a word and its plural share, not always a word: -ies → -y, then -es or -s off
 * (not -ss or -us: class, octopus), then a final -e off, so horse/horses → hors, box/boxes → box, story/stories
 * → story. Short words (three letters or fewer) stay. Both sides go through the same rules, so a
 * stem that is not a word still matches its other form.
 */
function stem(word: string): string {
  if (word.length <= 3 || /\p{N}/u.test(word)) return word;
  let stemmed = word;
  if (stemmed.endsWith('ies') && stemmed.length > 4) stemmed = `${stemmed.slice(0, -3)}y`;
  else if (stemmed.endsWith('es')) stemmed = stemmed.slice(0, -2);
  else if (stemmed.endsWith('s') && !/(ss|us)$/.test(stemmed)) stemmed = stemmed.slice(0, -1);
  if (stemmed.endsWith('e') && stemmed.length > 3) stemmed = stemmed.slice(0, -1);
  return stemmed;
}

/**
 * A text as its content words, stemmed, in order, one space apart: "The strange history of the
 * Eiffel Tower!" → "strange eiffel tower". A text of nothing but stop words keeps its words
 * (stemmed), so "What is it?" is still compared as something.
 */
export function normaliseText(text: string): string {
  const words = plain(text).split(' ').filter(Boolean);
  const content = words.filter((word) => !STOP_WORDS.has(word));
  return (content.length > 0 ? content : words).map(stem).join(' ');
}

function shared<T>(a: Set<T>, b: Set<T>): number {
  let count = 0;
  for (const item of a) if (b.has(item)) count += 1;
  return count;
}

function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const both = shared(a, b);
  return both / (a.size + b.size - both);
}

/**
 * Word overlap: the mean of Jaccard (how much of all the words both share) and containment (how
 * much of the shorter text the longer one repeats). Containment says "Axolotls" is a repeat of
 * "Strange facts about axolotls", which Jaccard alone (1 of 2 words) would let through; Jaccard
 * keeps two titles in one frame ("strange … axolotl", "strange … lemur") apart.
 */
function wordOverlap(a: Set<string>, b: Set<string>): number {
  const smaller = Math.min(a.size, b.size);
  if (smaller === 0) return 0;
  return (jaccard(a, b) + shared(a, b) / smaller) / 2;
}

/** Character trigrams of each word, padded with a space on both sides so short words count. */
function trigrams(normalised: string): Set<string> {
  const grams = new Set<string>();
  for (const word of normalised.split(' ').filter(Boolean)) {
    const padded = ` ${word} `;
    for (let at = 0; at + 3 <= padded.length; at += 1) grams.add(padded.slice(at, at + 3));
  }
  return grams;
}

/** How much the word sets count against the trigram sets. */
const WORD_WEIGHT = 0.6;

/**
 * How alike two texts are, 0 (nothing shared) to 1 (the same content words). The overlap of
 * content-word sets says whether two titles name the same things, in any order ("Eiffel Tower:
 * its strange history" = "The strange history of the Eiffel Tower"); it misses word forms the
 * stemmer does not fold (Egypt/Egyptian, octopus/octopi, invention/inventor), which the overlap of
 * character trigrams catches in part. Trigrams alone would rank unrelated words with common
 * endings too close, so words weigh 0.6 and trigrams 0.4 and the score is never below the word
 * overlap. An empty text is like nothing (0).
 */
export function similarity(a: string, b: string): number {
  const left = normaliseText(a);
  const right = normaliseText(b);
  if (!left || !right) return 0;
  const words = wordOverlap(new Set(left.split(' ')), new Set(right.split(' ')));
  const characters = jaccard(trigrams(left), trigrams(right));
  return Math.max(words, WORD_WEIGHT * words + (1 - WORD_WEIGHT) * characters);
}

/**
 * At or above this, a new topic counts as a repeat. Chosen from the tests: reworded titles of one
 * subject score 0.8–1, two titles in one frame with different one-word subjects about 0.3, and two
 * subjects that share a head word ("red panda", "giant panda") about 0.5 — close kin a series may
 * still tell apart.
 */
export const SIMILARITY_THRESHOLD = 0.6;

/**
 * Scripts are held to a stricter bar than titles: two scripts of one writer share its frame (the
 * offline writer's five-second scripts of two animals score 0.68: "Hens. Sounds simple. It is
 * not." against "Swans. …"), while a script reworded on one subject reads 0.85–1. A script
 * pair counts as a repeat from here; closestMatch scales it onto the titles' threshold.
 */
export const SCRIPT_SIMILARITY_THRESHOLD = 0.8;

export interface Comparable {
  title: string;
  script?: string | null | undefined;
}

/**
 * The past entry most like the candidate and how alike they are: the higher of title against
 * title and script against script (scripts only when both have one, scaled so that
 * SCRIPT_SIMILARITY_THRESHOLD lands on SIMILARITY_THRESHOLD). Null when the history is empty.
 */
export function closestMatch(candidate: Comparable, history: readonly Comparable[]): { index: number; score: number } | null {
  let best: { index: number; score: number } | null = null;
  history.forEach((past, index) => {
    const titles = similarity(candidate.title, past.title);
    const scripts = candidate.script && past.script ? (similarity(candidate.script, past.script) * SIMILARITY_THRESHOLD) / SCRIPT_SIMILARITY_THRESHOLD : 0;
    const score = Math.max(titles, scripts);
    if (!best || score > best.score) best = { index, score };
  });
  return best;
}
