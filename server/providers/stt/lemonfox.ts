// Lemonfox.ai speech to text (platforms.md §5): POST {base}/audio/transcriptions, OpenAI-style
// multipart with a Bearer key (the same LEMONFOX_API_KEY as its voices), Whisper large-v3. Its
// `language` is a full name ("english"), not a code; no model field. Word timings are asked for
// with OpenAI's timestamp_granularities[]=word (not confirmed by Lemonfox [?]): when it answers
// segments only, their words are spread over each segment (verbose-json.ts).
import { whisperLanguageName } from './languages';
import { WhisperHttpEngine } from './openai-transcription';

export class LemonfoxTranscription extends WhisperHttpEngine {
  readonly id = 'lemonfox' as const;
  readonly label = 'Lemonfox';

  protected fields(language: string | null): Record<string, string> {
    const name = language ? whisperLanguageName(language) : null;
    return name ? { language: name } : {};
  }
}
