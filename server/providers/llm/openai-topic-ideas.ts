// Topic ideas from any OpenAI-compatible chat completions endpoint (the one that writes scripts):
// one new title for a series' next episode, with its past titles and the creator's "never again"
// list given as what not to repeat. Models repeat themselves anyway, so the answer is checked
// with the same similarity measure as the offline engine, and asked for again when it is a repeat.
import { z } from 'zod';
import type { TopicBrief, TopicIdeas } from '../../domain/ports/topic-ideas';
import { closestMatch, SIMILARITY_THRESHOLD } from '../../lib/text-similarity';
import { trimBase } from '../http';
import { ScriptWriterError } from './types';

export interface OpenAiTopicIdeasOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}

/** Past titles sent with a request: enough to steer the model, without an ever-growing prompt. */
const HISTORY_SENT = 50;
const AVOID_SENT = 50;
/** Asks per episode before saying there is no new idea (each answer a repeat). */
const ATTEMPTS = 3;
const MAX_TITLE = 120;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export class OpenAiCompatibleTopicIdeas implements TopicIdeas {
  readonly id = 'openai-compatible';
  readonly label: string;

  constructor(private readonly options: OpenAiTopicIdeasOptions) {
    this.label = `AI model ${options.model}`;
  }

  async next(brief: TopicBrief, signal?: AbortSignal): Promise<string | null> {
    const past = [...brief.history, ...brief.avoid].map((title) => ({ title }));
    const rejected: string[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const title = titleOf(await this.ask(brief, rejected, signal));
      if (!title) throw new ScriptWriterError('The AI provider answered with something that is not a topic title.', true);
      const match = closestMatch({ title }, past);
      if (!match || match.score < SIMILARITY_THRESHOLD) return title;
      rejected.push(title);
    }
    return null;
  }

  private async ask(brief: TopicBrief, rejected: string[], signal?: AbortSignal): Promise<string> {
    const history = brief.history.slice(0, HISTORY_SENT);
    const avoid = [...brief.avoid.slice(0, AVOID_SENT), ...rejected];
    const list = (titles: string[]) => titles.map((title) => `- ${title}`).join('\n');
    const user = [
      `Series topic: ${brief.source}`,
      `Write the title in ${brief.language}.`,
      history.length > 0 ? `Past episodes (newest first). Do not repeat these or anything close to them:\n${list(history)}` : '',
      avoid.length > 0 ? `Never use these topics or anything close to them:\n${list(avoid)}` : '',
      `Variation seed: ${brief.nonce}`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await fetch(`${trimBase(this.options.baseUrl)}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify({
          model: this.options.model,
          temperature: 0.9,
          messages: [
            {
              role: 'system',
              content:
                'You plan an endless series of short videos (TikTok, Reels, Shorts). Answer with ONE new topic title for the next ' +
                'episode: a single line of at most 12 words, specific enough for one short video, true to the series topic. ' +
                'No numbering, quotes, hashtags, emojis or explanations.',
            },
            { role: 'user', content: user },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ScriptWriterError(timedOut ? 'The AI provider did not answer in time.' : 'The AI provider could not be reached.', true);
    }
    // The same classes as the script writer: a bad key or a refused request will not get better by waiting.
    if (response.status === 401 || response.status === 403) throw new ScriptWriterError('The AI provider rejected the configured API key.', false);
    if (response.status === 429 || response.status >= 500) {
      throw new ScriptWriterError(`The AI provider is busy or failing (HTTP ${response.status}); try again shortly.`, true);
    }
    if (!response.ok) throw new ScriptWriterError(`The AI provider refused the request (HTTP ${response.status}).`, false);
    const completion = completionSchema.safeParse(await response.json().catch(() => null));
    return (completion.success ? completion.data.choices[0]?.message.content : null) ?? '';
  }
}

/**
 * The title in a model's answer, read defensively: the first non-empty line, without a lead-in
 * ("Title:"), list marks, surrounding quotes or markdown emphasis, or a JSON {"title": …}
 * wrapper. Null when nothing usable is left or it is too long to be a title.
 */
export function titleOf(answer: string): string | null {
  const text = answer.trim();
  const json = /^\{[\s\S]*\}$/.test(text.replace(/^```\w*\s*|\s*```$/g, '')) ? parseTitle(text.replace(/^```\w*\s*|\s*```$/g, '')) : null;
  const line =
    json ??
    text
      .replace(/^```\w*\s*|\s*```$/g, '')
      .split('\n')
      .map((part) => part.trim())
      .find(Boolean) ??
    '';
  const title = line
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/^(?:\*\*)?(?:next\s+)?(?:episode\s+)?(?:topic|title)(?:\*\*)?\s*:\s*/i, '')
    .replace(/^[*_]+|[*_]+$/g, '')
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title && title.length <= MAX_TITLE ? title : null;
}

function parseTitle(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && 'title' in parsed && typeof parsed.title === 'string' ? parsed.title : null;
  } catch {
    return null;
  }
}
