// One client for the OpenAI-compatible endpoints the speech adapters call: /audio/transcriptions
// (speech to text, multipart) and /audio/speech (text to speech, JSON), on OpenAI, Lemonfox or a
// self-hosted server. A POST with a Bearer key when there is one, and OpenAI's error envelope
// {"error":{message,type,param,code}} (platforms.md §6; Lemonfox publishes no table and is
// handled alike, §5) read into a ProviderError kind.
import { errorBody, fetchWithTimeout, type MakeProviderError } from './http';
import type { ProviderError, ProviderErrorKind } from './provider-error';
import { retryAfterSeconds } from './social/base/http';

export interface OpenAiCompatiblePost {
  /** Who the creator is told answered ("Lemonfox", "The speech endpoint"). */
  label: string;
  url: string;
  apiKey?: string | undefined;
  /** FormData is sent as multipart; anything else as JSON. */
  body: FormData | Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * POSTs and returns a successful answer; an error answer is thrown as `refusal` makes it from its
 * status, body and headers, so callers only read what they asked for.
 */
export async function postOpenAiCompatible<E extends ProviderError>(
  post: OpenAiCompatiblePost,
  makeError: MakeProviderError<E>,
  refusal: (status: number, body: unknown, headers: Headers) => E,
): Promise<Response> {
  const multipart = post.body instanceof FormData;
  const headers: Record<string, string> = {
    // fetch writes a multipart body's own content-type, boundary included.
    ...(multipart ? {} : { 'content-type': 'application/json' }),
    ...(post.apiKey ? { authorization: `Bearer ${post.apiKey}` } : {}),
  };
  const body = post.body instanceof FormData ? post.body : JSON.stringify(post.body);
  const response = await fetchWithTimeout(post.label, post.url, { method: 'POST', headers, body }, post.timeoutMs, post.signal, makeError);
  if (!response.ok) throw refusal(response.status, await errorBody(response), response.headers);
  return response;
}

/** The envelope's fields; FastAPI-based servers say {"detail": …} and some answer plain text. */
export function openAiEnvelope(body: unknown): { message?: string; type?: string; code?: string } {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? { message: body } : {};
  const error = 'error' in body ? body.error : 'detail' in body ? body.detail : undefined;
  if (typeof error === 'string') return { message: error };
  if (!error || typeof error !== 'object') return {};
  const { message, type, code } = error as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    type: typeof type === 'string' ? type : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

export interface OpenAiRefusal {
  message: string;
  kind: ProviderErrorKind;
  /** Seconds the server asked to wait (Retry-After); null when it did not say or was not asked. */
  retryAfter: number | null;
}

/**
 * OpenAI's classes: 401/403 key → auth; 402, or 429 insufficient_quota → quota; 429 → rate;
 * 5xx → retry; other 4xx → bad input (`subject` names what was refused: "the audio").
 * Retry-After is read only from the `headers` given.
 */
export function openAiRefusal(label: string, status: number, body: unknown, subject: string, headers: Headers | null): OpenAiRefusal {
  const { message, type, code } = openAiEnvelope(body);
  const wait = retryAfterSeconds(headers);
  if (status === 401 || status === 403) return { message: `${label} rejected the configured API key.`, kind: 'auth', retryAfter: null };
  if (status === 402 || (status === 429 && (code === 'insufficient_quota' || type === 'insufficient_quota'))) {
    return { message: `The ${label} account has run out of credit.`, kind: 'quota', retryAfter: null };
  }
  if (status === 429) {
    const when = wait === null ? 'in a moment' : `in ${wait} second${wait === 1 ? '' : 's'}`;
    return { message: `${label} is rate limiting this server; try again ${when}.`, kind: 'rate', retryAfter: wait };
  }
  if (status >= 500) return { message: `${label} is failing (HTTP ${status}); try again shortly.`, kind: 'retry', retryAfter: wait };
  const said = message ? `: ${message.slice(0, 200)}` : '';
  return { message: `${label} refused ${subject}${said}.`, kind: 'bad', retryAfter: null };
}
