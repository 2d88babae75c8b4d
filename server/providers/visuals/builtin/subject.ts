// What a scene shows: the concrete things it talks about, as pictures, and its key phrase. Nouns
// and names are taken from the narration (stop words and filler dropped), matched to emoji
// annotations; the script's topic stands in when the scene names nothing picturable; when
// neither does, the scene is typographic — its own leading words, never a random one.
import { sceneKeywords } from '../keywords';
import { stopWordsFor } from '../stop-words';
import { findIcon, lemma } from './emoji';

export interface SceneSubject {
  /** The main picture (icon name in the set), or null for a typographic scene. */
  hero: string | null;
  /** Up to two more things the scene names, drawn smaller. */
  supports: string[];
  /** The key phrase set as type: the hero's words as the narration says them, or the scene's
   *  leading words on a typographic scene. Null when nothing is drawable. */
  heading: string | null;
  /** The words the pictures were matched from, best first (for tests and explanation). */
  matched: string[];
  typographic: boolean;
}

/** Narration words that are never the subject although they are not function words. */
const FILLER = new Set([
  'everything', 'something', 'anything', 'nothing', 'everyone', 'someone', 'anyone', 'everybody', 'somebody', 'actually',
  'basically', 'literally', 'probably', 'maybe', 'perhaps', 'simply', 'exactly', 'almost', 'already', 'another', 'around',
  'across', 'behind', 'beyond', 'inside', 'outside', 'together', 'without', 'within', 'whether', 'instead', 'enough',
  'practise', 'practice', 'complexity', 'important', 'different', 'amazing', 'incredible', 'interesting', 'fact', 'facts',
  'reason', 'reasons', 'example', 'kind', 'lot', 'lots', 'bit', 'piece', 'right', 'left', 'true', 'real', 'whole', 'able',
  'called', 'known', 'become', 'became', 'comes', 'came', 'takes', 'took', 'gives', 'gave', 'says', 'said', 'tell', 'told',
  'imagine', 'remember', 'learn', 'understand', 'explain', 'discover', 'story', 'today', 'tonight', 'years', 'year',
  'ago', 'later', 'early', 'long', 'short', 'high', 'low', 'little', 'large', 'huge', 'tiny', 'best', 'better', 'worst',
  'million', 'millions', 'billion', 'billions', 'thousand', 'thousands', 'hundred', 'hundreds', 'works', 'work', 'working',
  // Verbs and adverbs that name an emoji ("pick" → pickaxe, "away" → dashing away) but are never what a scene is about.
  'away', 'pick', 'picks', 'picked', 'close', 'closer', 'closely', 'far', 'sound', 'sounds', 'notice', 'noticed', 'simple', 'surprising', 'picture', 'pictured',
]);

/** The scene's narration without the planner's style suffix ("(anime style, vertical …)"). */
export function narrationOf(prompt: string): string {
  return prompt.replace(/\s*\([^()]*\bstyle\b[^()]*\)\s*$/i, '').trim();
}

const isStop = (word: string, stop: Set<string>) => {
  const lower = word.toLowerCase();
  return stop.has(lower) || FILLER.has(lower) || lower.length < 3 || /^\p{N}+$/u.test(lower);
};

/** The words as the narration says them around `word`: a name keeps its capitalised neighbours
 *  ("Eiffel Tower", "Roman Empire"). */
function phraseAround(text: string, word: string, stop: Set<string>): string {
  const tokens = text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
  const at = tokens.findIndex((token) => token.toLowerCase() === word.toLowerCase());
  if (at < 0) return word;
  const capital = (token: string | undefined) => token !== undefined && /^\p{Lu}/u.test(token) && !isStop(token, stop);
  let start = at;
  let end = at;
  if (capital(tokens[at])) {
    while (start > 0 && capital(tokens[start - 1]) && at - start < 2) start--;
    while (end < tokens.length - 1 && capital(tokens[end + 1]) && end - at < 2) end++;
  }
  return tokens.slice(start, end + 1).join(' ');
}

/** Up to six leading words of the scene's first clause, as a pull quote: function words are
 *  trimmed from its end (a quote never stops on "the"). */
function leadingPhrase(text: string, stop: Set<string>): string | null {
  const clause = text.split(/[.!?;:,—–]/u).find((part) => part.trim() !== '') ?? '';
  const tokens = clause.split(/\s+/).map((token) => token.replace(/^[^\p{L}\p{N}'’]+|[^\p{L}\p{N}]+$/gu, '')).filter(Boolean);
  let words = tokens.slice(0, 6);
  while (words.length > 0 && stop.has(words.at(-1)!.toLowerCase())) words = words.slice(0, -1);
  if (words.length === 1 && isStop(words[0]!, stop)) return null;
  return words.length > 0 ? words.join(' ') : null;
}

/** Candidate words of a text: repeated words first, then in the order the narration says them
 *  (in English the subject usually comes first: "Cats sleep…" is about cats). */
function candidates(text: string, language: string, stop: Set<string>): string[] {
  const lower = text.toLowerCase();
  const count = (word: string) => lower.split(word.toLowerCase()).length - 1;
  return sceneKeywords(text, language, 16)
    .filter((word) => !isStop(word, stop))
    .map((word) => ({ word, count: count(word), at: lower.indexOf(word.toLowerCase()) }))
    .sort((a, b) => Math.min(b.count, 2) - Math.min(a.count, 2) || a.at - b.at)
    .map((entry) => entry.word);
}

export function chooseSubject(prompt: string, topic: string | null, language = 'english'): SceneSubject {
  const stop = stopWordsFor(language);
  const text = narrationOf(prompt);
  const found: Array<{ word: string; icon: string; score: number; topical: number }> = [];
  const seen = new Set<string>();
  // Words of the script's topic, in order: a scene naming the video's subject pictures it first
  // ("Robots in factories": the robot, although the scene says "car factory" before "robots").
  const topicWords = topic ? candidates(topic, language, stop).map((word) => lemma(word.toLowerCase())) : [];
  const topicRank = (word: string) => {
    const at = topicWords.indexOf(lemma(word.toLowerCase()));
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  };
  // Stronger matches first (a thing's own name over a word of a longer name), then the topic's
  // words, then the narration's own order; sort is stable.
  const pick = (words: string[]) => {
    for (const word of words) {
      const match = findIcon(word);
      if (!match || seen.has(match.icon)) continue;
      seen.add(match.icon);
      found.push({ word, icon: match.icon, score: match.score, topical: topicRank(word) });
    }
    found.sort((a, b) => Math.min(b.score, 3) - Math.min(a.score, 3) || (a.topical === b.topical ? 0 : a.topical < b.topical ? -1 : 1));
  };
  pick(candidates(text, language, stop));
  if (found.length > 0) {
    const hero = found[0]!;
    return {
      hero: hero.icon,
      supports: found.slice(1, 3).map((entry) => entry.icon),
      heading: phraseAround(text, hero.word, stop),
      matched: found.map((entry) => entry.word),
      typographic: false,
    };
  }
  if (topic) {
    pick(candidates(topic, language, stop));
    if (found.length > 0) {
      const hero = found[0]!;
      return { hero: hero.icon, supports: [], heading: phraseAround(topic, hero.word, stop), matched: [hero.word], typographic: false };
    }
  }
  return { hero: null, supports: [], heading: leadingPhrase(text, stop), matched: [], typographic: true };
}
