// Any OpenAI-compatible transcription endpoint: POST {base}/audio/transcriptions, multipart
// {file, model, response_format=verbose_json, timestamp_granularities[]=word, language?}
// (platforms.md §6) — OpenAI's whisper-1, or a self-hosted Whisper server such as speaches
// (faster-whisper-server). Audio is sent as 16 kHz mono MP3: small, and all Whisper needs.
import { openAsBlob } from 'node:fs';
import { trimBase } from '../http';
import { postMultipart } from './http';
import { whisperLanguageName } from './languages';
import { parseVerboseJson } from './verbose-json';
import { TranscriptionProviderError, type ChunkTranscript, type TranscriptionEngine, type TranscriptionEngineId } from './types';

/** 16 kHz mono MP3 at 64 kbit/s: 8 kB a second, so 25 MB holds 50 minutes. */
export const COMPACT_MP3 = { extension: 'mp3', ffmpegArgs: ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '64k'], bytesPerSecond: 8000 };
/** OpenAI documents 25 MB per upload; a margin keeps container overhead under it. */
export const OPENAI_MAX_BYTES = 24 * 1024 * 1024;

export interface WhisperHttpOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
}

/** What OpenAI-style Whisper endpoints share; subclasses name the fields they send. */
export abstract class WhisperHttpEngine implements TranscriptionEngine {
  abstract readonly id: TranscriptionEngineId;
  abstract readonly label: string;
  readonly roughDraft = false;
  readonly audioFormat = COMPACT_MP3;
  readonly maxBytes = OPENAI_MAX_BYTES;

  constructor(protected readonly options: WhisperHttpOptions) {}

  checkLanguage(language: string | null): void {
    if (language && !whisperLanguageName(language)) throw new TranscriptionProviderError(`${this.label} cannot transcribe the language "${language}".`, 'bad', 422);
  }

  protected abstract fields(language: string | null): Record<string, string>;

  async transcribeChunk(path: string, language: string | null, signal?: AbortSignal): Promise<ChunkTranscript> {
    const form = new FormData();
    form.append('file', await openAsBlob(path, { type: 'audio/mpeg' }), `audio.${this.audioFormat.extension}`);
    for (const [name, value] of Object.entries(this.fields(language))) form.append(name, value);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    const answer = await postMultipart(this.label, `${trimBase(this.options.baseUrl)}/audio/transcriptions`, form, this.options.apiKey, this.options.timeoutMs ?? 600_000, signal);
    const transcript = parseVerboseJson(this.label, answer);
    return { ...transcript, language: transcript.language ?? language };
  }
}

export class OpenAiCompatibleTranscription extends WhisperHttpEngine {
  readonly id = 'openai' as const;
  readonly label = 'The transcription endpoint';

  private readonly model: string;

  constructor(options: WhisperHttpOptions & { model: string }) {
    super(options);
    this.model = options.model;
  }

  protected fields(language: string | null): Record<string, string> {
    // OpenAI takes ISO 639-1 codes.
    return { model: this.model, ...(language ? { language } : {}) };
  }
}
