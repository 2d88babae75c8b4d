// What the HTTP speech adapters share: one fetch with a timeout whose failures become plain
// SpeechProviderErrors, and the refusal of an adapter whose key is not configured.
import { SpeechProviderError } from './types';

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
}

export async function providerFetch(label: string, url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new SpeechProviderError(timedOut ? `${label} did not answer in time.` : `${label} could not be reached.`, 'retry');
  }
}

export function notConfigured(label: string, variable: string): SpeechProviderError {
  return new SpeechProviderError(`${label} is not configured on this server (set ${variable}).`, 'auth', 503);
}

export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The body of an error answer, parsed when it is JSON (never thrown away unread: it names the cause). */
export async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
