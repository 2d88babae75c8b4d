// What an aborted operation rejects with.

/** Why `signal` was aborted, always as an Error (abort(reason) accepts any value: kept as the cause). */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('aborted', { cause: reason });
}
