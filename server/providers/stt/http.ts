// What the HTTP transcription adapters share: one multipart POST with a timeout, and the OpenAI
// error envelope {"error":{message,type,param,code}} (platforms.md §6; Lemonfox publishes no
// table and is handled alike, §5) mapped to plain TranscriptionProviderErrors.
import { errorBody } from '../tts/http';
import { retryAfterSeconds } from '../social/base/http';
import { TranscriptionProviderError } from './types';

export async function postMultipart(label: string, url: string, form: FormData, apiKey: string | undefined, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      body: form,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new TranscriptionProviderError(timedOut ? `${label} did not answer in time.` : `${label} could not be reached.`, 'retry');
  }
  if (!response.ok) throw transcriptionError(label, response.status, await errorBody(response), response.headers);
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TranscriptionProviderError(`${label} answered something that is not a transcript (expected verbose JSON).`, 'retry', response.status);
  }
}

function envelope(body: unknown): { message?: string; type?: string; code?: string } {
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

/**
 * OpenAI's classes: 401/403 key → auth; 429 insufficient_quota → quota; 429 → rate (with the
 * Retry-After the server sent); 413 → the piece is too large; other 4xx → bad input; 5xx → retry.
 */
export function transcriptionError(label: string, status: number, body: unknown, headers: Headers | null = null): TranscriptionProviderError {
  const { message, type, code } = envelope(body);
  const said = message ? `: ${message.slice(0, 200)}` : '';
  if (status === 401 || status === 403) return new TranscriptionProviderError(`${label} rejected the configured API key.`, 'auth', status);
  if (status === 402 || (status === 429 && (code === 'insufficient_quota' || type === 'insufficient_quota'))) {
    return new TranscriptionProviderError(`The ${label} account has run out of credit.`, 'quota', status);
  }
  if (status === 429) {
    const wait = retryAfterSeconds(headers);
    const when = wait === null ? 'in a moment' : `in ${wait} second${wait === 1 ? '' : 's'}`;
    return new TranscriptionProviderError(`${label} is rate limiting this server; try again ${when}.`, 'rate', status, wait);
  }
  if (status === 413) return new TranscriptionProviderError(`${label} refused the audio as too large; use a smaller STT_CHUNK_SECONDS.`, 'bad', status);
  if (status >= 500) return new TranscriptionProviderError(`${label} is failing (HTTP ${status}); try again shortly.`, 'retry', status, retryAfterSeconds(headers));
  return new TranscriptionProviderError(`${label} refused the audio${said}.`, 'bad', status);
}
