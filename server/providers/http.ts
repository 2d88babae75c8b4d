// What every HTTP provider adapter (speech, speech to text) needs around fetch: a timeout whose
// failures become the adapter's own retryable ProviderError, and an error answer's body read
// for its cause. Each provider family keeps its own error class, so it is handed how to make one.
import type { ProviderError, ProviderErrorKind } from './provider-error';

export type MakeProviderError<E extends ProviderError> = (message: string, kind: ProviderErrorKind, status?: number, retryAfter?: number | null) => E;

/** One request with a timeout; a dropped connection or the timeout is a 'retry' error, the caller's abort is rethrown as is. */
export async function fetchWithTimeout<E extends ProviderError>(
  label: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  makeError: MakeProviderError<E>,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw makeError(timedOut ? `${label} did not answer in time.` : `${label} could not be reached.`, 'retry');
  }
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

export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}
