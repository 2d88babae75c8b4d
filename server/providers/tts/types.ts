// Text to speech: the interface every adapter here implements belongs to the domain
// (server/domain/ports/speech.ts); re-exported so adapters keep importing from their own types.
import { ProviderError } from '../provider-error';

export type { Speech, SpeechProvider, SpeechRequest } from '../../domain/ports/speech';

/** A speech provider refused or failed; see ProviderError for the kinds. */
export class SpeechProviderError extends ProviderError {
  override name = 'SpeechProviderError';
}
