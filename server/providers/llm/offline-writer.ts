// The script writer used when no AI model is configured. It cannot invent facts, so it writes
// a well-structured, honest scaffold around the creator's own prompt: a hook, beats that fill
// the requested duration at a natural speaking pace, and a call to action. It is labelled as
// offline so nobody mistakes it for an AI draft. Output is deterministic per prompt. It writes in
// the languages of offline-templates.ts and no other: asked for another one, generation is refused
// before it gets here (its `languages` list), never answered in English.
import type { WrittenScript } from '../../../contract';
import { OFFLINE_LANGUAGES, OFFLINE_TEMPLATES } from './offline-templates';
import { joinScript, ScriptWriterError, wordCount, WORDS_PER_SECOND, type ScriptBrief, type ScriptWriter } from './types';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ASK = /^(please\s+)?((i\s+(want|need)|i'd\s+like|can\s+you)\s+)?((write|make|create|generate)\s+)?(me\s+)?((a|an)\s+)?(short\s+|quick\s+)?(video\s+|reel\s+)?(script\s+)?(about|on)?\s*/i;
/** "Three tips for …", "5 simple ideas about …": the list is the video's shape, not its topic. */
const LIST_LEAD_IN = /^((\d+|two|three|four|five|six|seven|eight|nine|ten|a few|some)\s+)?((quick|simple|easy|smart|practical|top|best|proven)\s+)*(tips|ideas|things|reasons|mistakes|hacks|secrets|facts|habits|tricks)\s+(for|on|about|of)\s+/i;

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77).trimEnd()}…` : text;
}

/** The prompt's subject as the creator phrased it, without the request around it ("Write a video
 *  about" — English phrasing only; a prompt in another language is kept as typed). */
export function subjectOf(prompt: string, language = 'english'): string {
  const firstSentence = (prompt.trim().split(/(?<=[.!?])\s/)[0] ?? prompt).trim();
  const withoutAsk = language === 'english' ? firstSentence.replace(ASK, '') : firstSentence;
  const subject = withoutAsk.replace(/[.!?]+$/, '').trim();
  return shorten(subject || firstSentence);
}

/** The prompt, trimmed to a topic phrase that reads naturally inside a sentence. */
export function topicOf(prompt: string, language = 'english'): string {
  const firstSentence = (prompt.trim().split(/(?<=[.!?])\s/)[0] ?? prompt).trim();
  const subject = subjectOf(prompt, language);
  const topic = (language === 'english' ? subject.replace(LIST_LEAD_IN, '').trim() : subject) || subject;
  // A capital the creator typed mid-sentence is a name ("about Rome"): keep it. The capital of
  // a prompt's first word is only sentence case: lower it to fit inside our sentences (not in
  // German, where every noun is capitalised).
  const startsThePrompt = firstSentence.startsWith(topic);
  const lowerFirst = OFFLINE_TEMPLATES[language]?.lowerFirst ?? true;
  return startsThePrompt && lowerFirst ? topic.charAt(0).toLowerCase() + topic.slice(1) : topic;
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export class OfflineScriptWriter implements ScriptWriter {
  readonly id = 'offline-writer';
  readonly label = 'Offline writer (no AI model configured)';
  readonly languages = OFFLINE_LANGUAGES;

  write(brief: ScriptBrief): Promise<WrittenScript> {
    const templates = OFFLINE_TEMPLATES[brief.language];
    // generateScript checks `languages` first; a direct caller gets an error, never English.
    if (!templates) return Promise.reject(new ScriptWriterError(`The offline writer does not write ${brief.language}.`, false));
    const { hooks, beats: beatLines, callsToAction } = templates;
    const topic = topicOf(brief.prompt, brief.language);
    const seed = seedOf(brief.prompt.toLowerCase());
    const hook = hooks[seed % hooks.length]!(topic);
    const callToAction = callsToAction[seed % callsToAction.length]!;

    // Fill the duration: add beats until the narration reaches the target word count.
    const targetWords = Math.max(12, Math.round(brief.videoDuration * WORDS_PER_SECOND));
    const beats: string[] = [];
    let words = wordCount(hook) + wordCount(callToAction);
    for (let i = 0; words < targetWords * 0.9 && i < beatLines.length * 4; i += 1) {
      const beat = beatLines[(seed + i) % beatLines.length]!(topic);
      if (beats.includes(beat)) continue;
      if (words + wordCount(beat) > targetWords * 1.15 && beats.length > 0) break;
      beats.push(beat);
      words += wordCount(beat);
    }

    const script = { hook, beats, call_to_action: callToAction };
    return Promise.resolve({ title: capitalise(subjectOf(brief.prompt, brief.language)), ...script, body: joinScript(script) });
  }
}
