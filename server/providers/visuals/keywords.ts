// A few search words from a scene's narration: for stock search (Pexels) and for the one word
// the built-in art sets as typography. Pure and deterministic.
import { stopWordsFor } from './stop-words';

const LOCALES: Record<string, string> = {
  english: 'en', spanish: 'es', french: 'fr', german: 'de', italian: 'it', portuguese: 'pt', dutch: 'nl', polish: 'pl',
  turkish: 'tr', hindi: 'hi', japanese: 'ja', korean: 'ko', chinese: 'zh', arabic: 'ar',
};

/** Scripts written without spaces between words: one character can be a whole word. */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The `limit` most telling words of `text`, best first: function words dropped, then ranked by
 * how often they occur, with a bonus for longer words (more specific: "mountains" over "big")
 * and for capitalised words mid-sentence (names, places). Ties keep their order in the text.
 */
export function sceneKeywords(text: string, language = 'english', limit = 3): string[] {
  const locale = LOCALES[language] ?? 'en';
  const stopWords = stopWordsFor(language);
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const found = new Map<string, { word: string; count: number; first: number; proper: boolean }>();
  let position = 0;
  let sentenceStart = true;
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) {
      if (/[.!?。！？]/u.test(segment.segment)) sentenceStart = true;
      continue;
    }
    const raw = segment.segment.replace(/^['’]+|['’]+$/g, '');
    const lower = raw.toLocaleLowerCase(locale);
    const dense = DENSE_SCRIPT.test(raw);
    const tooShort = dense ? raw.length < 2 : [...raw].length < 3;
    // Mid-sentence capitals mark names (and in German every noun): exactly the words we want.
    const capitalised = !sentenceStart && /^\p{Lu}/u.test(raw);
    sentenceStart = false;
    // Kana-only words in Japanese are mostly particles and adverbs; the nouns are in kanji.
    const kanaOnly = /^\p{Script=Hiragana}+$/u.test(raw);
    if (tooShort || kanaOnly || /^\p{N}+$/u.test(raw) || stopWords.has(lower) || stopWords.has(lower.replace(/['’].*$/, ''))) continue;
    const entry = found.get(lower);
    if (entry) {
      entry.count += 1;
      entry.proper ||= capitalised;
    } else {
      found.set(lower, { word: capitalised || language === 'german' ? raw : lower, count: 1, first: position++, proper: capitalised });
    }
  }
  const score = (entry: { word: string; count: number; proper: boolean }): number =>
    entry.count * 2 + Math.min([...entry.word].length, 10) / 4 + (entry.proper ? 1.5 : 0);
  return [...found.values()]
    .sort((a, b) => score(b) - score(a) || a.first - b.first)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.word);
}
