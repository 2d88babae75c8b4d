// The failure classes every external media provider (speech, visuals) reports, following
// shared/reference/platforms.md. Each provider family keeps its own named subclass so callers
// can still tell a voice failure from a picture failure with `instanceof`.

/**
 * auth (bad key: the operator must fix it), quota, rate (wait and retry), bad (this input will
 * never work), retry (transient).
 */
export type ProviderErrorKind = 'auth' | 'quota' | 'rate' | 'bad' | 'retry';

/** A provider refused or failed. The message is plain language, safe to show a creator. */
export abstract class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
    readonly status?: number,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'rate' || this.kind === 'retry';
  }
}
