// The failure every adapter throws: the domain's SocialFailure shape (server/domain/ports/social.ts),
// made on this side of the port because providers see the domain through types only. Its name is
// the port's SOCIAL_ERROR_NAME, so the domain's `instanceof SocialError` recognizes it.
import type { PublishErrorClass } from '../../../../contract/publishing';
import type { SocialFailure } from '../../../domain/ports/social';

export class PlatformError extends Error implements SocialFailure {
  constructor(
    message: string,
    readonly errorClass: PublishErrorClass,
    readonly code: string | null = null,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    // The port's SOCIAL_ERROR_NAME, written out: a type-only import cannot bring the constant.
    this.name = 'SocialError';
  }

  get retryable(): boolean {
    return this.errorClass === 'retry' || this.errorClass === 'rate' || this.errorClass === 'quota';
  }
}

/** Any side's SocialFailure (the token source may throw the domain's own), by its shape. */
export const isSocialFailure = (error: unknown): error is SocialFailure => error instanceof Error && error.name === 'SocialError' && typeof (error as Partial<SocialFailure>).errorClass === 'string';

/** A failure worth another try of the same step (a dropped connection, a 5xx, a transient error). */
export const isTransient = (error: unknown): error is SocialFailure => isSocialFailure(error) && error.errorClass === 'retry';
