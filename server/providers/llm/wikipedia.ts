// Real facts for the offline writer: the topic's Wikipedia summary, from the public REST APIs (no
// key). A title search (MediaWiki REST `GET /w/rest.php/v1/search/title?q=&limit=`) finds the
// article, the page summary (`GET /api/rest_v1/page/summary/{title}`) gives its lead sentences
// and canonical URL. Wikimedia asks for a descriptive User-Agent; we send one. Text is CC BY-SA
// 4.0: every script that uses it carries the attribution. Time-limited; any failure (offline,
// 404, 429, a disambiguation page, a body that is not the documented shape) means "no facts":
// the writer goes on without them, and the reason is logged once at info.
import { z } from 'zod';
import type { FactSource, TopicFacts } from './fact-source';
import type { Topic } from './offline-topic';

export interface WikipediaOptions {
  /** e.g. https://en.wikipedia.org (a fake in tests). */
  baseUrl: string;
  /** Where Wikimedia can reach whoever runs this server (APP_URL), for the User-Agent they ask for. */
  contact: string;
  timeoutMs?: number;
  log?: (message: string) => void;
}


const searchAnswer = z.object({
  pages: z.array(z.object({ key: z.string().min(1), title: z.string().min(1) })),
});

const summaryAnswer = z.object({
  type: z.string(),
  title: z.string().min(1),
  extract: z.string(),
  content_urls: z.object({ desktop: z.object({ page: z.string().url() }) }).optional(),
});

/** Words that make a prompt a question or a request, not an article title. */
const QUESTION_WORDS = /^(how\s+to|how|why|what|when|where|who|the\s+(rise|story|history|life)\s+(and\s+fall\s+)?of)\s+/i;
const MAX_FACT_WORDS = 40;

function searchQuery(topic: string): string {
  return topic
    .replace(QUESTION_WORDS, '')
    .replace(/\b(actually|really|works?|is|are|was|were|do|does|did)\b/gi, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function leadSentences(extract: string): string[] {
  return extract
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[.!?]$/.test(sentence) && sentence.split(' ').length <= MAX_FACT_WORDS)
    .slice(0, 8);
}

export class WikipediaFacts implements FactSource {
  private readonly base: string;
  private readonly userAgent: string;

  constructor(private readonly options: WikipediaOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.userAgent = `Reelflow/1.0 (${options.contact}; offline script writer) node-fetch`;
  }

  async factsAbout(topic: Topic, signal?: AbortSignal): Promise<TopicFacts | null> {
    const query = searchQuery(topic.phrase);
    if (query.length < 2) return null;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 4000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const found = searchAnswer.parse(await this.get(`/w/rest.php/v1/search/title?q=${encodeURIComponent(query)}&limit=1`, combined));
      const page = found.pages[0];
      if (!page) return this.skip(`no Wikipedia article matches "${query}"`);
      const summary = summaryAnswer.parse(await this.get(`/api/rest_v1/page/summary/${encodeURIComponent(page.key)}`, combined));
      if (summary.type !== 'standard') return this.skip(`the Wikipedia page "${summary.title}" is a ${summary.type} page`);
      const sentences = leadSentences(summary.extract);
      if (sentences.length === 0) return this.skip(`the Wikipedia page "${summary.title}" has no usable summary`);
      const url = summary.content_urls?.desktop.page ?? `${this.base}/wiki/${encodeURIComponent(page.key)}`;
      return { sentences, attribution: `Facts from Wikipedia, "${summary.title}" (${url}), CC BY-SA 4.0` };
    } catch (error) {
      // A caller that gave up (the video was deleted) is not a Wikipedia problem: pass it on.
      if (signal?.aborted) throw error;
      const reason = timeout.aborted ? 'it did not answer in time' : error instanceof z.ZodError ? 'its answer was not the documented shape' : error instanceof Error ? error.message : String(error);
      return this.skip(`Wikipedia grounding skipped: ${reason}`);
    }
  }

  private skip(message: string): null {
    this.options.log?.(`script writer: ${message}; writing without facts`);
    return null;
  }

  private async get(path: string, signal: AbortSignal): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, { headers: { accept: 'application/json', 'user-agent': this.userAgent }, signal });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { detail?: unknown; httpReason?: unknown } | null;
      const detail = typeof body?.detail === 'string' ? body.detail : typeof body?.httpReason === 'string' ? body.httpReason : '';
      throw new Error(`it answered ${response.status}${detail ? ` (${detail})` : ''}`);
    }
    return response.json();
  }
}
