// Script writer over any OpenAI-compatible chat completions endpoint (OpenAI, Azure-style
// gateways, Ollama, vLLM, LM Studio…). It asks for a JSON object so the answer splits cleanly
// into hook, beats and call to action, and it checks that answer before trusting it.
import { z } from 'zod';
import type { WrittenScript } from '../../../contract';
import { joinScript, ScriptWriterError, WORDS_PER_SECOND, type ScriptBrief, type ScriptWriter } from './types';

export interface OpenAiWriterOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}

const answerSchema = z.object({
  title: z.string().min(1).max(200),
  hook: z.string().min(1),
  beats: z.array(z.string().min(1)).min(1).max(40),
  call_to_action: z.string().min(1),
});

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export class OpenAiCompatibleWriter implements ScriptWriter {
  readonly id = 'openai-compatible';
  readonly label: string;

  constructor(private readonly options: OpenAiWriterOptions) {
    this.label = `AI model ${options.model}`;
  }

  async write(brief: ScriptBrief, signal?: AbortSignal): Promise<WrittenScript> {
    // Sized for the voice that will read it when the caller knows it (a video), else a natural pace.
    const words = Math.round(brief.videoDuration * (brief.wordsPerSecond ?? WORDS_PER_SECOND));
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.options.model,
          temperature: 0.8,
          response_format: { type: 'json_object' },
          messages: [
            {
              role: 'system',
              content:
                'You write scripts for faceless short-form videos (TikTok, Reels, Shorts). Answer with a JSON object ' +
                '{"title": string, "hook": string, "beats": string[], "call_to_action": string}. The hook grabs attention ' +
                'in the first two seconds; each beat is one or two spoken sentences; no stage directions, emojis or hashtags.',
            },
            {
              role: 'user',
              content: `Write the script in ${brief.language}. Length: about ${words} spoken words (${brief.videoDuration} seconds).${brief.tone && brief.tone !== 'neutral' ? ` Tone: ${brief.tone}.` : ''} Topic: ${brief.prompt}`,
            },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ScriptWriterError(timedOut ? 'The AI provider did not answer in time.' : 'The AI provider could not be reached.', true);
    }

    if (response.status === 401 || response.status === 403) {
      throw new ScriptWriterError('The AI provider rejected the configured API key.', false);
    }
    if (response.status === 429 || response.status >= 500) {
      throw new ScriptWriterError(`The AI provider is busy or failing (HTTP ${response.status}); try again shortly.`, true);
    }
    if (!response.ok) {
      throw new ScriptWriterError(`The AI provider refused the request (HTTP ${response.status}).`, false);
    }

    const completion = completionSchema.safeParse(await response.json().catch(() => null));
    const content = completion.success ? completion.data.choices[0]?.message.content : null;
    const answer = answerSchema.safeParse(parseJsonObject(content ?? ''));
    if (!answer.success) throw new ScriptWriterError('The AI provider answered with something that is not a script.', true);

    const { title, hook, beats, call_to_action } = answer.data;
    return { title: title.trim(), hook, beats, call_to_action, body: joinScript({ hook, beats, call_to_action }) };
  }
}

/** Models sometimes wrap JSON in a code fence even when asked not to. */
function parseJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
