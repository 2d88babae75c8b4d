// The script writer used when no AI model is configured. It cannot invent facts, so it writes
// a well-structured, honest scaffold around the creator's own prompt: a hook, beats that fill
// the requested duration at a natural speaking pace, and a call to action. It is labelled as
// offline so nobody mistakes it for an AI draft. Output is deterministic per prompt.
import type { WrittenScript } from '../../../contract';
import { joinScript, wordCount, WORDS_PER_SECOND, type ScriptBrief, type ScriptWriter } from './types';

const HOOKS = [
  (topic: string) => `Stop scrolling: here is what nobody tells you about ${topic}.`,
  (topic: string) => `You have been thinking about ${topic} the wrong way. Let me show you why.`,
  (topic: string) => `In the next few seconds you will see ${topic} differently.`,
  (topic: string) => `Everything you need to know about ${topic}, fast.`,
];

const BEATS = [
  (topic: string) => `First, the basics. ${capitalise(topic)} matters more than most people think, and it starts with one simple idea.`,
  (topic: string) => `Here is the part most people miss: small, consistent steps with ${topic} beat big one-off efforts.`,
  (topic: string) => `A quick example. Picture someone new to ${topic}: the first thing they notice is how much easier it gets with a plan.`,
  (topic: string) => `Now the common mistake. People rush ${topic} and skip the fundamentals. Slow down and get those right.`,
  (topic: string) => `Try this today: pick one thing about ${topic} and practise it for five minutes.`,
  (topic: string) => `Why does this work? Because with ${topic}, clarity beats complexity every single time.`,
  (topic: string) => `One more tip: keep notes on what works for you with ${topic}, and build on it.`,
  (topic: string) => `And remember, progress with ${topic} is never a straight line. Keep going.`,
];

const CALLS_TO_ACTION = [
  'Follow for more short, useful breakdowns like this one.',
  'Save this so you have it when you need it, and share it with a friend who would love it.',
  'Comment with your biggest question and I will answer it in the next video.',
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ASK = /^(please\s+)?((i\s+(want|need)|i'd\s+like|can\s+you)\s+)?((write|make|create|generate)\s+)?(me\s+)?((a|an)\s+)?(short\s+|quick\s+)?(video\s+|reel\s+)?(script\s+)?(about|on)?\s*/i;
/** "Three tips for …", "5 simple ideas about …": the list is the video's shape, not its topic. */
const LIST_LEAD_IN = /^((\d+|two|three|four|five|six|seven|eight|nine|ten|a few|some)\s+)?((quick|simple|easy|smart|practical|top|best|proven)\s+)*(tips|ideas|things|reasons|mistakes|hacks|secrets|facts|habits|tricks)\s+(for|on|about|of)\s+/i;

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77).trimEnd()}…` : text;
}

/** The prompt's subject as the creator phrased it, without the request around it ("Write a video about"). */
export function subjectOf(prompt: string): string {
  const firstSentence = (prompt.trim().split(/(?<=[.!?])\s/)[0] ?? prompt).trim();
  const subject = firstSentence.replace(ASK, '').replace(/[.!?]+$/, '').trim();
  return shorten(subject || firstSentence);
}

/** The prompt, trimmed to a topic phrase that reads naturally inside a sentence. */
export function topicOf(prompt: string): string {
  const firstSentence = (prompt.trim().split(/(?<=[.!?])\s/)[0] ?? prompt).trim();
  const subject = subjectOf(prompt);
  const topic = subject.replace(LIST_LEAD_IN, '').trim() || subject;
  // A capital the creator typed mid-sentence is a name ("about Rome"): keep it. The capital of
  // a prompt's first word is only sentence case: lower it to fit inside our sentences.
  const startsThePrompt = firstSentence.startsWith(topic);
  return startsThePrompt ? topic.charAt(0).toLowerCase() + topic.slice(1) : topic;
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

export class OfflineScriptWriter implements ScriptWriter {
  readonly id = 'offline-writer';
  readonly label = 'Offline writer (no AI model configured)';

  write(brief: ScriptBrief): Promise<WrittenScript> {
    const topic = topicOf(brief.prompt);
    const seed = seedOf(brief.prompt.toLowerCase());
    const hook = HOOKS[seed % HOOKS.length]!(topic);
    const callToAction = CALLS_TO_ACTION[seed % CALLS_TO_ACTION.length]!;

    // Fill the duration: add beats until the narration reaches the target word count.
    const targetWords = Math.max(12, Math.round(brief.videoDuration * WORDS_PER_SECOND));
    const beats: string[] = [];
    let words = wordCount(hook) + wordCount(callToAction);
    for (let i = 0; words < targetWords * 0.9 && i < BEATS.length * 4; i += 1) {
      const beat = BEATS[(seed + i) % BEATS.length]!(topic);
      if (beats.includes(beat)) continue;
      if (words + wordCount(beat) > targetWords * 1.15 && beats.length > 0) break;
      beats.push(beat);
      words += wordCount(beat);
    }

    const script = { hook, beats, call_to_action: callToAction };
    return Promise.resolve({ title: capitalise(subjectOf(brief.prompt)), ...script, body: joinScript(script) });
  }
}
