// How the HTTP transcription adapters call their OpenAI-compatible endpoint (the client is
// server/providers/openai-compatible.ts): one multipart POST answering verbose JSON, and its
// refusals as TranscriptionProviderErrors carrying the Retry-After the server sent.
import { openAiRefusal, postOpenAiCompatible } from '../openai-compatible';
import { TranscriptionProviderError } from './types';

const transcriptionProviderError = (message: string, kind: TranscriptionProviderError['kind'], status?: number, retryAfter?: number | null) =>
  new TranscriptionProviderError(message, kind, status, retryAfter ?? null);

export async function postMultipart(label: string, url: string, form: FormData, apiKey: string | undefined, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
  const response = await postOpenAiCompatible({ label, url, apiKey, body: form, timeoutMs, signal }, transcriptionProviderError, (status, body, headers) =>
    transcriptionError(label, status, body, headers),
  );
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TranscriptionProviderError(`${label} answered something that is not a transcript (expected verbose JSON).`, 'retry', response.status);
  }
}

/** OpenAI's classes (openAiRefusal), plus 413: the piece is too large for the endpoint. */
export function transcriptionError(label: string, status: number, body: unknown, headers: Headers | null = null): TranscriptionProviderError {
  if (status === 413) return new TranscriptionProviderError(`${label} refused the audio as too large; use a smaller STT_CHUNK_SECONDS.`, 'bad', status);
  const refusal = openAiRefusal(label, status, body, 'the audio', headers);
  return new TranscriptionProviderError(refusal.message, refusal.kind, status, refusal.retryAfter);
}
