// Reading a creator's prompt the way the offline writer needs it: the subject as they phrased it
// (the title), a topic phrase that fits inside a sentence, and what kind of video it asks for —
// a how-to, an explanation, an argument, a list, a story, a place, an animal or a concept — so
// the English grammar can phrase its lines for that kind. English phrasing only; a prompt in
// another language keeps its words as typed.
import { OFFLINE_TEMPLATES } from './offline-templates';

export type TopicKind = 'story' | 'howto' | 'explain' | 'why' | 'list' | 'place' | 'animal' | 'concept';

export interface Topic {
  kind: TopicKind;
  /** The subject as a phrase that reads after "about": "octopuses", "how tides work", "the last keeper of a lighthouse". */
  phrase: string;
  /** A noun phrase that can be a sentence's subject: "octopuses", "tides", "money habits". */
  noun: string;
  /** For a list: what is listed ("money habits that save you hundreds a year"); else the phrase. */
  items: string;
  /** The phrase names several things ("octopuses"): they/are rather than it/is. */
  plural: boolean;
}

const ASK =
  /^(please\s+)?((i\s+(want|need)|i'd\s+like|can\s+you|let's)\s+)?((write|make|create|generate|do|tell)\s+)?(me\s+|us\s+)?((a|an)\s+)?((short|quick|fun|cool|viral)\s+)*((video|reel|tiktok|short)\s+)?((script|post)\s+)?((about|on)\s+)?/i;
const NUMBER = '(\\d+|two|three|four|five|six|seven|eight|nine|ten|a few|some)';
const ADJECTIVES = '(quick|simple|easy|smart|practical|top|best|proven|fun|weird|surprising|amazing|interesting|little-known|crazy|wild|cool|strange|useful|hidden|essential|important|big|common)';
const LIST_NOUNS = '(tips|ideas|things|reasons|mistakes|hacks|secrets|facts|habits|tricks|ways|lessons|rules|signs|steps|myths|questions)';
/** "Three tips for …", "5 fun facts about …": the list is the video's shape, not its topic. */
const LIST_LEAD_IN = new RegExp(`^(${NUMBER}\\s+)?(${ADJECTIVES}\\s+)*${LIST_NOUNS}\\s+(for|on|about|of|to)\\s+`, 'i');
/** "Three money habits that save you hundreds", "5 hidden corners of Lisbon": a counted list. */
const COUNTED = new RegExp(`^${NUMBER}\\s+(.+)$`, 'i');
const STORY = /^(a\s+|the\s+)?((short|scary|creepy|spooky|bedtime|true|sad|funny|little)\s+)*(story|tale|legend)\s+(about|of)\s+/i;
const PLACE_CUES = /\b(travel|trip|visit|visiting|city|cities|town|village|island|islands|streets|corners|beaches|neighbourhoods?|neighborhoods?|country|countries|destinations?|landmarks?|museums?|hikes?|road trip)\b/i;
const ANIMALS =
  /\b(octopus(es)?|octopi|sharks?|whales?|dolphins?|cats?|dogs?|bees?|ants?|birds?|owls?|crows?|parrots?|penguins?|elephants?|lions?|tigers?|wolves|wolf|bears?|foxes|fox|frogs?|snakes?|spiders?|butterfl(y|ies)|jellyfish|squids?|turtles?|horses?|cows?|pigs?|goats?|rabbits?|bats?|eagles?|hummingbirds?|axolotls?|sloths?|koalas?|pandas?|giraffes?|zebras?|camels?|crabs?|lobsters?|seahorses?|hedgehogs?|otters?|beavers?|mice|rats?|hamsters?|animals?|insects?|dinosaurs?)\b/i;

function firstSentence(prompt: string): string {
  return (prompt.trim().split(/(?<=[.!?])\s/)[0] ?? prompt).trim();
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77).trimEnd()}…` : text;
}

/** Quotes and brackets the creator left open would read as a seam: drop the unpaired ones. */
function balance(text: string): string {
  let result = text;
  for (const [open, close] of [['(', ')'], ['[', ']'], ['“', '”']] as const) {
    if (result.split(open).length !== result.split(close).length) result = result.replaceAll(open, '').replaceAll(close, '');
  }
  if ((result.match(/"/g) ?? []).length % 2 === 1) result = result.replaceAll('"', '');
  return result.replace(/\s{2,}/g, ' ').trim();
}

/** The prompt's subject as the creator phrased it, without the request around it ("Write a video about"). */
export function subjectOf(prompt: string, language = 'english'): string {
  const sentence = firstSentence(prompt);
  const withoutAsk = language === 'english' ? sentence.replace(ASK, '') : sentence;
  const subject = balance(withoutAsk.replace(/[.!?:;,]+$/, '').trim());
  return shorten(subject || balance(sentence));
}

/** The prompt trimmed to a topic phrase that reads naturally inside a sentence. */
export function topicOf(prompt: string, language = 'english'): string {
  return readTopic(prompt, language).phrase;
}

/** Where a noun phrase ends and a clause about it begins ("money habits | that save you…"). */
const CLAUSE_START = /\s+(that|which|who|worth|you|to|for|on|in|at|with|by|will|can|is|are|was|were|actually|really|works?|do|does|did|has|have)\b.*$/i;

/** The head noun phrase of a subject: "money habits that save you hundreds" → "money habits". */
export function nounOf(text: string): string {
  const question = /^(how\s+to\s+\w+|how|what|why|when|where)\s+/i.test(text);
  const stripped = text
    .replace(/^(how\s+to\s+\w+|how|what|why|when|where)\s+/i, '')
    // "How a bill becomes law" talks about bills in general; "the" before a name stays ("the Eiffel Tower").
    .replace(/^(a|an|your|our|my)\s+(?=\w)/i, (article) => (question ? '' : article));
  const head = stripped.replace(CLAUSE_START, '').trim();
  if (head !== stripped.trim() || !question) return head || text;
  return subjectBeforeVerb(head) || text;
}

/**
 * The subject of a question's clause without a helper verb: "cats purr" → "cats", "bees make
 * honey" → "bees", "the Roman Empire fell" → "the Roman Empire", "the heart pumps blood" → "the
 * heart", "bill becomes law" → "bill". A plural first word, a word before a verb in -s, or an
 * article with a name or one noun, is the subject; the verb follows.
 */
function subjectBeforeVerb(clause: string): string {
  const words = clause.split(/\s+/);
  if (words.length < 2) return clause;
  if (/^the$/i.test(words[0]!)) {
    const name = words.slice(1).findIndex((word) => !/^\p{Lu}/u.test(word));
    const end = name === -1 ? words.length : Math.max(2, name + 1);
    return words.slice(0, end).join(' ');
  }
  if (/^\p{Lu}/u.test(words[0]!)) {
    const name = words.findIndex((word) => !/^\p{Lu}/u.test(word));
    return words.slice(0, name === -1 ? words.length : Math.max(1, name)).join(' ');
  }
  // "bill becomes law": a singular noun, then a verb in -s.
  return isPlural(words[0]!) || /[^s]s$/i.test(words[1]!) ? words[0]! : clause;
}

/** A head word in -s (not -ss, -us, -is) or an irregular plural names several things. */
export function isPlural(noun: string): boolean {
  if (/^\w+ing\b/i.test(noun)) return false;
  const head = (noun.split(/\s+(of|in|from|at|for|on|to|with)\s+/i)[0] ?? noun).split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /(mice|wolves|octopi|people|children|geese|teeth|feet)$/.test(head) || (/[^su]s$/.test(head) && !/(ss|us|is)$/.test(head) && head.length > 3);
}

/** A capital the creator typed mid-sentence is a name ("about Rome"): keep it. The capital of the
 *  prompt's first word is only sentence case: lower it to fit inside a sentence (not in German). */
function lowerStart(phrase: string, sentence: string, language: string): string {
  const lowerFirst = OFFLINE_TEMPLATES[language]?.lowerFirst ?? true;
  const startsThePrompt = sentence.startsWith(phrase);
  // "I", "AI", "NASA": a word in capitals stays as typed.
  const firstWord = phrase.split(/\s/)[0] ?? '';
  if (firstWord.length > 1 && firstWord === firstWord.toUpperCase()) return phrase;
  return startsThePrompt && lowerFirst ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
}

export function readTopic(prompt: string, language = 'english'): Topic {
  const sentence = firstSentence(prompt);
  const subject = subjectOf(prompt, language);
  if (language !== 'english') {
    const phrase = lowerStart(subject, sentence, language);
    return { kind: 'concept', phrase, noun: phrase, items: phrase, plural: false };
  }
  // "How Wi-Fi works, in plain words": the qualifier after a comma is a style note, not the topic.
  const core = subject.replace(/,\s*(in|with|for|explained|simply|plainly)\b.*$/i, '').trim() || subject;
  const lower = (text: string) => lowerStart(text, sentence, language);

  const story = STORY.exec(core);
  if (story) return make('story', lower(core.slice(story[0].length)));
  const listed = LIST_LEAD_IN.exec(core);
  if (listed) {
    const rest = lower(core.slice(listed[0].length).trim());
    const noun = (listed[0].match(new RegExp(LIST_NOUNS, 'i'))?.[0] ?? 'things').toLowerCase();
    const items = `${noun} ${listed[0].trim().split(/\s+/).at(-1)} ${rest}`.trim();
    return { kind: 'list', phrase: rest || noun, noun: rest ? nounOf(rest) : noun, items, plural: isPlural(rest ? nounOf(rest) : noun) };
  }
  const counted = COUNTED.exec(core);
  if (counted && /^(\d+|two|three|four|five|six|seven|eight|nine|ten)$/i.test(counted[1] ?? '')) {
    const items = counted[2]!.trim();
    return { kind: 'list', phrase: items, noun: nounOf(items), items, plural: isPlural(nounOf(items)) };
  }
  if (/^how\s+to\s+/i.test(core)) return make('howto', lower(core));
  // "Why you should…" argues for doing something; "why the sky is blue" explains, like "how".
  if (/^why\s+(you|we|everyone|people)\s+(should|need|must|have\s+to|ought)\b|^why\s+it'?s\s+worth\b/i.test(core)) return make('why', lower(core));
  if (/^(how|what|why)\s+/i.test(core)) return make('explain', lower(core));
  const phrase = lower(core);
  if (ANIMALS.test(core)) return make('animal', phrase);
  if (PLACE_CUES.test(core) || /\b(in|of|to|around)\s+[A-Z][a-z]+/.test(core) || /^[A-Z][a-z]+(\s+(in|at)\s+\w+)?$/.test(core)) return make('place', phrase);
  return make('concept', phrase);

  function make(kind: TopicKind, text: string): Topic {
    // A story's or an argument's subject is the whole phrase; others have a head noun to talk about.
    const noun = kind === 'story' || kind === 'why' ? text : kind === 'concept' || kind === 'animal' || kind === 'place' ? text : nounOf(text);
    return { kind, phrase: text, noun, items: text, plural: isPlural(noun) };
  }
}
