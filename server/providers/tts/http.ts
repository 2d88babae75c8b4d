// What the HTTP speech adapters share: one fetch with a timeout whose failures become plain
// SpeechProviderErrors, and the refusal of an adapter whose key is not configured.
import { fetchWithTimeout } from '../http';
import { SpeechProviderError } from './types';

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
}

export const speechProviderError = (message: string, kind: SpeechProviderError['kind'], status?: number) => new SpeechProviderError(message, kind, status);

export function providerFetch(label: string, url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  return fetchWithTimeout(label, url, init, timeoutMs, signal, speechProviderError);
}

export function notConfigured(label: string, variable: string): SpeechProviderError {
  return new SpeechProviderError(`${label} is not configured on this server (set ${variable}).`, 'auth', 503);
}
