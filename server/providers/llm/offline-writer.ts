// The script writer used when no AI model is configured. It cannot invent facts, so it builds a
// short-form structure around the creator's topic — a hook, three beats, a payoff and a call to
// action — from a small grammar (offline-english.ts; simpler per-language sets in
// offline-templates.ts), phrased for the kind of topic and the preset's tone, and sized to the
// words the chosen voice speaks in the requested time. With a fact source (fact-source.ts: the
// Wikipedia summary when that setting is on and it answers, else the shipped WordNet dictionary)
// the beats lead with true sentences about the topic, attributed, as many as fit the time and
// never one twice. Wording varies
// with the brief's nonce: generating twice gives two scripts, the same nonce the same one. It is
// labelled as offline so nobody mistakes it for an AI draft, and it writes only the languages of
// offline-templates.ts: asked for another one, generation is refused before it gets here.
import type { WrittenScript } from '../../../contract';
import { fnv1a32, mulberry32 } from '../../lib/seeded-random';
import { BEAT_ARCS, grammarFor, TONES, type Line, type LineContext } from './offline-english';
import { OFFLINE_LANGUAGES, OFFLINE_TEMPLATES, type LanguageTemplates } from './offline-templates';
import { readTopic, subjectOf, type Topic } from './offline-topic';
import { joinScript, ScriptWriterError, wordCount, WORDS_PER_SECOND, type ScriptBrief, type ScriptWriter } from './types';
import type { FactSource, TopicFacts } from './fact-source';

export { subjectOf, topicOf } from './offline-topic';

/** The fewest words the writer reaches, over its kinds of topic and languages, when asked for a long video (a bedtime story, another language; checked in offline-writer.test.ts). */
export const MAX_WORDS = 185;

/** Lines shorter than this are for short videos' parts, never added to grow one. */
const FULL_LINE_WORDS = 9;

/** Share of the requested time the words fill; the voice stage spends the rest as pauses between beats. */
export const SPOKEN_SHARE = 0.92;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function firstSentenceOf(text: string): string {
  return text.split(/(?<=[.!?])\s+/)[0] ?? text;
}

const SPOKEN_NUMBERS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function spokenLength(seconds: number): string {
  if (seconds >= 90) return `${Math.round(seconds / 60) === 1 ? 'one' : (SPOKEN_NUMBERS[Math.round(seconds / 60)] ?? Math.round(seconds / 60))} minutes`;
  if (seconds >= 50) return 'one minute';
  const rounded = Math.max(10, Math.round(seconds / 5) * 5);
  const tens = ['', '', 'twenty', 'thirty', 'forty'][Math.floor(rounded / 10)] ?? '';
  const names: Record<number, string> = { 10: 'ten', 15: 'fifteen', 20: 'twenty', 25: 'twenty-five', 30: 'thirty', 35: 'thirty-five', 40: 'forty', 45: 'forty-five' };
  return `${names[rounded] ?? tens} seconds`;
}

/** A summary sentence, lightly rephrased to be spoken: no parentheses (pronunciations, dates), no trailing space. */
function spokenFact(sentence: string): string {
  return sentence
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Leads into a beat's fact: one that opens for the first, one that follows on for the others. */
/** The source's sentences as the script speaks them, each once. */
function spokenFacts(facts: TopicFacts | null): string[] {
  return [...new Set((facts?.sentences ?? []).map(spokenFact).filter(Boolean))];
}

const FIRST_FACT_LEADS = ['Here is a real one:', 'Fact:', 'Start with this:'];
const NEXT_FACT_LEADS = ['Now this:', 'And this:', 'One more:'];

interface Part {
  sentences: string[];
  /** The part says a fact: never cut to its first sentence (a fact's abbreviations look like sentence ends). */
  factual?: boolean;
}

function partText(part: Part): string {
  return part.sentences.join(' ');
}

function partWords(parts: Part[]): number {
  return parts.reduce((sum, part) => sum + wordCount(partText(part)), 0);
}

export interface OfflineWriterOptions {
  /** Real facts about a topic (Wikipedia, WordNet); absent or finding none: the script is written without them. */
  facts?: FactSource | undefined;
}

export class OfflineScriptWriter implements ScriptWriter {
  readonly id = 'offline-writer';
  readonly label = 'Offline writer (no AI model configured)';
  readonly languages = OFFLINE_LANGUAGES;
  /** Its grammar's lines run out near here for the sparest kinds of topic (a story, an argument, another language). */
  readonly maxWords = MAX_WORDS;

  constructor(private readonly options: OfflineWriterOptions = {}) {}

  async write(brief: ScriptBrief, signal?: AbortSignal): Promise<WrittenScript> {
    const templates = OFFLINE_TEMPLATES[brief.language];
    // generateScript checks `languages` first; a direct caller gets an error, never English.
    if (!templates) throw new ScriptWriterError(`The offline writer does not write ${brief.language}.`, false);
    const tone = brief.tone && TONES[brief.tone] ? brief.tone : 'neutral';
    const random = mulberry32(fnv1a32(`${brief.prompt.trim().toLowerCase()}|${tone}|${brief.nonce ?? ''}`));
    const topic = readTopic(brief.prompt, brief.language);
    const targetWords = Math.max(12, Math.round(brief.videoDuration * (brief.wordsPerSecond ?? WORDS_PER_SECOND) * SPOKEN_SHARE));
    const title = capitalise(subjectOf(brief.prompt, brief.language));

    const facts = brief.language === 'english' && topic.kind !== 'story' && topic.kind !== 'howto' ? await this.factsFor(topic, signal) : null;
    const parts =
      brief.language === 'english' ? englishParts(topic, tone, targetWords, brief.videoDuration, random, facts) : otherParts(templates, topic.phrase, targetWords, random);
    const [hook, beat1, beat2, beat3, payoff, callToAction] = parts.map(partText) as [string, string, string, string, string, string];
    // A very short video drops the payoff and later beats (empty parts): its script has fewer parts.
    const script = { hook, beats: [beat1, beat2, beat3].filter(Boolean), payoff, call_to_action: callToAction };
    const body = joinScript(script);
    // Credited only when a fact made it in: a short video may have had room for none.
    const grounded = facts !== null && spokenFacts(facts).some((fact) => body.includes(fact));
    return { title, ...script, body, attribution: grounded ? facts.attribution : null };
  }

  private async factsFor(topic: Topic, signal?: AbortSignal): Promise<TopicFacts | null> {
    if (!this.options.facts) return null;
    const facts = await this.options.facts.factsAbout(topic, signal);
    return facts && facts.sentences.length > 0 ? facts : null;
  }
}

interface Extra {
  part: Part;
  /** Goes before the part's first sentence (an opener before the hook). */
  front?: boolean;
  next: (budget: number) => string | undefined;
}

/** Adds extra sentences in order while they fit, until the words come within a few percent of the target (or `reach` of it). */
function grow(parts: Part[], extras: Extra[], target: number, used: Set<string>, reach = { enough: 0.97, most: 1.03 }): void {
  for (const extra of extras) {
    const words = partWords(parts);
    if (words >= target * reach.enough) return;
    const budget = target * reach.most - words;
    const text = extra.next(budget);
    if (text === undefined) continue;
    if (wordCount(text) > budget) {
      used.delete(text);
      continue;
    }
    if (extra.front) extra.part.sentences.unshift(text);
    else extra.part.sentences.push(text);
  }
}

/** Picks a line that fits `budget` words (or the shortest of a few), not used yet. */
function pick(lines: Line[], context: LineContext, budget: number, used: Set<string>): string | undefined {
  const texts = lines.map((line) => line(context)).filter((text) => !used.has(text));
  const fitting = texts.find((text) => wordCount(text) <= budget);
  const chosen = fitting ?? texts.slice(0, 3).sort((a, b) => wordCount(a) - wordCount(b))[0];
  if (chosen !== undefined) used.add(chosen);
  return chosen;
}

function englishParts(topic: Topic, tone: string, target: number, seconds: number, random: () => number, facts: TopicFacts | null): Part[] {
  const grammar = grammarFor(topic, tone);
  const style = TONES[tone]!;
  const context: LineContext = {
    t: topic.noun,
    T: capitalise(topic.noun),
    full: topic.phrase,
    Full: capitalise(topic.phrase),
    items: topic.items,
    it: topic.plural ? 'they' : 'it',
    them: topic.plural ? 'them' : 'it',
    is: topic.plural ? 'are' : 'is',
    does: topic.plural ? 'do' : 'does',
    s: topic.plural ? '' : 's',
    length: spokenLength(seconds),
  };
  const used = new Set<string>();
  const slot = Math.max(6, Math.round(target / 6));
  // A story keeps its order (set-up, turn, search); other topics take one of the arcs.
  const arc = topic.kind === 'story' ? BEAT_ARCS[0]! : BEAT_ARCS[Math.floor(random() * BEAT_ARCS.length)]!;
  const pools = arc.map((role) => shuffled(grammar.beats[role], random));
  const spareRoles = (Object.keys(grammar.beats) as (keyof typeof grammar.beats)[]).filter((role) => !arc.includes(role));
  const spare = shuffled(spareRoles.flatMap((role) => grammar.beats[role]), random);

  // The hook names the topic, whatever else the script says.
  const naming = grammar.hooks.filter((line) => {
    const text = line(context).toLowerCase();
    return text.includes(topic.noun.toLowerCase()) || text.includes(topic.phrase.toLowerCase());
  });
  const hook: Part = { sentences: [pick(shuffled(naming.length > 0 ? naming : grammar.hooks, random), context, slot, used)!] };
  const unsaid = spokenFacts(facts);
  /** The first fact not said yet that fits `budget` words; each is said once at most. */
  const nextFact = (budget: number): string | undefined => {
    const at = unsaid.findIndex((fact) => wordCount(fact) <= budget);
    return at === -1 ? undefined : unsaid.splice(at, 1)[0];
  };
  const factLeads = [shuffled(FIRST_FACT_LEADS, random)[0]!, ...shuffled(NEXT_FACT_LEADS, random)];
  let leadsUsed = 0;
  // A fact may take more of the time than a grammar line: it is what the viewer came for.
  const beats: Part[] = pools.map((pool) => {
    const fact = nextFact(slot * 2.5);
    if (fact) return { sentences: [`${factLeads[leadsUsed++]} ${fact}`], factual: true };
    return { sentences: [pick(pool, context, slot * 1.5, used)!] };
  });
  const payoff: Part = { sentences: [pick(shuffled(grammar.payoffs, random), context, slot, used)!] };
  const callToAction: Part = { sentences: [pick(shuffled(style.callsToAction, random).map((text) => () => text), context, slot, used)!] };
  const parts = [hook, ...beats, payoff, callToAction];

  // Too long even at one line a part (a very short video): keep a part's first sentence when it
  // stands on its own (a statement of a few words, not a question that wants its answer).
  if (partWords(parts) > target * 1.05) {
    for (const part of parts.filter((candidate) => !candidate.factual)) {
      part.sentences = part.sentences.map((sentence) => {
        const first = firstSentenceOf(sentence);
        return first !== sentence && wordCount(first) >= 6 && !first.endsWith('?') ? first : sentence;
      });
    }
  }

  // Facts over the time (a short video): first their leads go, then the last facts give way to
  // the beat's grammar line until the script fits. The first fact may run a little long: a short
  // video with one true sentence beats one with none.
  const factual = beats.filter((beat) => beat.factual);
  for (const beat of [...factual].reverse()) {
    if (partWords(parts) <= target * 1.05) break;
    beat.sentences = [beat.sentences[0]!.replace(/^[^:]+:\s/, '')];
  }
  for (const beat of [...factual].reverse()) {
    if (partWords(parts) <= target * (beat === factual[0] ? 1.1 : 1.05)) break;
    beat.sentences = [pick(pools[beats.indexOf(beat)]!, context, slot * 1.5, used)!];
    beat.factual = false;
  }

  dropPartsToFit(parts, target);

  // Then grow: more facts, the arc's other lines, the tone's opener, spare roles, until the words
  // fill the time. Growing takes full lines only: a short line after a long one of the same role
  // repeats it ("Something was missing tonight." after "…something was missing…").
  const full = (lines: Line[]) => lines.filter((line) => wordCount(line(context)) >= FULL_LINE_WORDS);
  const fullPools = pools.map(full);
  const fullSpare = full(spare);
  const extras: Extra[] = [];
  for (let round = 0; round < 6; round += 1) {
    beats.forEach((beat, index) => {
      extras.push({ part: beat, next: nextFact });
      extras.push({ part: beat, next: (budget) => pick(fullPools[index]!, context, budget, used) });
    });
    if (round === 0) extras.push({ part: hook, front: true, next: (budget) => pick(shuffled(style.openers, random).map((text) => () => text), context, budget, used) });
    // A story's spare lines (doubt, rumours) only make sense once something has happened.
    const target = topic.kind === 'story' ? beats[1 + (round % 2)]! : beats[round % 3]!;
    extras.push({ part: target, next: (budget) => pick(fullSpare, context, budget, used) });
  }
  grow(parts, extras, target, used);
  // Still well short (the lines left were all too long for what remained, as a long fact leaves
  // in a short video): one more line each may run the script a little over instead.
  if (partWords(parts) < target * 0.9) {
    const stretch = beats.map((beat, index): Extra => ({ part: beat, next: (budget) => pick([...fullPools[index]!, ...fullSpare], context, budget, used) }));
    grow(parts, stretch, target, used, { enough: 0.9, most: 1.1 });
  }
  return parts;
}

function line(text: (topic: string) => string): Line {
  return (c) => text(c.t);
}

/**
 * Still over for a video of a few seconds: fewer parts — the payoff, then the last beats go (left
 * empty, so the script has fewer parts). A hook, a beat and the call to action are the shortest
 * short-form script, then a hook with its call to action, and for a few seconds at a slow voice the
 * hook alone; said faster instead, the voice would no longer sound like the one chosen. `parts`:
 * hook, three beats, payoff, call to action.
 */
function dropPartsToFit(parts: Part[], target: number): void {
  for (const index of [4, 3, 2, 1, 5]) {
    if (partWords(parts) <= target * 1.1) return;
    parts[index]!.sentences = [];
  }
}

function otherParts(templates: LanguageTemplates, topic: string, target: number, random: () => number): Part[] {
  const context: LineContext = { t: topic, T: capitalise(topic), full: topic, Full: capitalise(topic), items: topic, it: '', them: '', is: '', does: '', s: '', length: '' };
  const used = new Set<string>();
  const slot = Math.max(6, Math.round(target / 6));
  const beatPool = shuffled(templates.beats.map(line), random);
  const hook: Part = { sentences: [pick(shuffled(templates.hooks.map(line), random), context, slot, used)!] };
  const beats: Part[] = [0, 1, 2].map(() => ({ sentences: [pick(beatPool, context, slot * 1.5, used)!] }));
  const payoff: Part = { sentences: [pick(shuffled(templates.payoffs.map(line), random), context, slot, used)!] };
  const callToAction: Part = { sentences: [pick(shuffled(templates.callsToAction, random).map((text) => () => text), context, slot, used)!] };
  const parts = [hook, ...beats, payoff, callToAction];
  dropPartsToFit(parts, target);
  const extras = beatPool.map((_, index): Extra => ({ part: beats[index % 3]!, next: (budget) => pick(beatPool, context, budget, used) }));
  grow(parts, extras, target, used);
  return parts;
}
