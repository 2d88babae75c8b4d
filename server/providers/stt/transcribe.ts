// The TranscriptionProvider the rest of the server uses: checks the input has sound, cuts it into
// pieces the engine accepts, at pauses where it can (chunks.ts), transcribes them in order — the language found in the
// first piece is asked for in the rest, so one recording stays in one language — and rejoins the
// words on the recording's clock. Temporary files live in one directory removed at the end.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FfmpegError, probe } from '../../media/ffmpeg';
import { makeWorkDir } from '../../media/temp-roots';
import { cutPoints, findSilences, rejoinChunks, splitAudio, type TranscribedChunk } from './chunks';
import { sleep } from '../social/base/http';
import { TranscriptionProviderError, type ChunkTranscript, type Transcript, type TranscriptionEngine, type TranscriptionProvider, type TranscriptionRequest } from './types';

/** Ten minutes a piece unless configured (STT_CHUNK_SECONDS); the engine's size limit may lower it. */
export const DEFAULT_CHUNK_SECONDS = 600;

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/webm': 'webm',
  'audio/ogg': 'ogg', 'audio/opus': 'opus', 'audio/flac': 'flac', 'audio/mp4': 'm4a', 'audio/x-m4a': 'm4a', 'audio/aac': 'aac',
  'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm', 'video/x-matroska': 'mkv',
};

/** Tries again per piece after a temporary failure; waits longer than this are not held in-process. */
const DEFAULT_RETRIES = 2;
const MAX_WAIT_SECONDS = 30;

export interface SpeechToTextOptions {
  chunkSeconds?: number | undefined;
  /** Extra attempts per piece after a temporary failure or rate limit (default 2; 0 = none). */
  retries?: number | undefined;
  /** Called after each piece with the share of the recording done (0–1). */
  onProgress?: ((done: number) => void) | undefined;
}

export class SpeechToText implements TranscriptionProvider {
  readonly id: TranscriptionProvider['id'];
  readonly label: string;
  readonly roughDraft: boolean;

  constructor(
    private readonly engine: TranscriptionEngine,
    private readonly options: SpeechToTextOptions = {},
  ) {
    this.id = engine.id;
    this.label = engine.label;
    this.roughDraft = engine.roughDraft;
  }

  /** Seconds a piece may last: the configured length, shortened to fit the engine's byte limit. */
  chunkSeconds(): number {
    const configured = this.options.chunkSeconds ?? DEFAULT_CHUNK_SECONDS;
    const fits = Math.floor((this.engine.maxBytes / this.engine.audioFormat.bytesPerSecond) * 0.95);
    return Math.max(1, Math.min(configured, fits));
  }

  async transcribe(request: TranscriptionRequest): Promise<Transcript> {
    const { signal } = request;
    const asked = request.language?.trim().toLowerCase() || null;
    this.engine.checkLanguage(asked);
    signal?.throwIfAborted();
    const dir = await makeWorkDir('stt');
    try {
      const input = request.audioPath ?? (await this.writeInput(dir, request));
      const media = await probe(input, signal).catch((error: unknown) => {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error;
        throw error instanceof FfmpegError ? withCause(new TranscriptionProviderError('This file cannot be read as audio or video; it may be damaged or in a format that is not supported.', 'bad'), error) : error;
      });
      if (!media.audioCodec) throw new TranscriptionProviderError('This file has no sound to transcribe.', 'bad');
      const chunkSeconds = this.chunkSeconds();
      const cuts = media.duration > chunkSeconds ? cutPoints(media.duration, chunkSeconds, await findSilences(input, signal).catch(() => [])) : [];
      signal?.throwIfAborted();
      const chunks = await splitAudio(input, dir, this.engine.audioFormat, cuts, signal).catch((error: unknown) => {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : error;
        throw error instanceof FfmpegError ? withCause(new TranscriptionProviderError('The sound of this file could not be prepared for transcription; it may be damaged.', 'bad'), error) : error;
      });
      const duration = media.duration > 0 ? media.duration : (chunks.at(-1)?.end ?? 0);
      let language = asked;
      const done: TranscribedChunk[] = [];
      for (const chunk of chunks) {
        signal?.throwIfAborted();
        const result = await this.transcribePiece(chunk.path, language, signal);
        language ??= result.language;
        done.push({ start: chunk.start, end: chunk.end, text: result.text, words: result.words });
        this.options.onProgress?.(duration > 0 ? Math.min(1, chunk.end / duration) : 1);
      }
      const joined = rejoinChunks(done, duration);
      return { ...joined, language, duration, engine: { id: this.engine.id, label: this.engine.label }, roughDraft: this.engine.roughDraft };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * One piece, tried again after a temporary failure or a rate limit (waiting what the engine
   * asked, or 1 s, 2 s…) so one hiccup does not throw away the pieces already done. A wait longer
   * than MAX_WAIT_SECONDS is left to the caller (the job queue) instead of holding a worker.
   */
  private async transcribePiece(path: string, language: string | null, signal: AbortSignal | undefined): Promise<ChunkTranscript> {
    const retries = this.options.retries ?? DEFAULT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.engine.transcribeChunk(path, language, signal);
      } catch (error) {
        if (!(error instanceof TranscriptionProviderError) || !error.retryable || attempt >= retries || signal?.aborted) throw error;
        const wait = error.retryAfter ?? 2 ** attempt;
        if (wait > MAX_WAIT_SECONDS) throw error;
        await sleep(wait * 1000, signal);
      }
    }
  }

  private async writeInput(dir: string, request: TranscriptionRequest): Promise<string> {
    if (!request.audio || request.audio.length === 0) throw new TranscriptionProviderError('There is no audio to transcribe (the file is empty).', 'bad');
    const extension = EXTENSIONS[(request.mimeType ?? '').split(';')[0]!.trim().toLowerCase()] ?? 'bin';
    const path = join(dir, `input.${extension}`);
    await writeFile(path, request.audio);
    return path;
  }
}

/** Keeps ffmpeg's own error (with its stderr tail) for the logs behind the plain message. */
function withCause<T extends Error>(error: T, cause: unknown): T {
  Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
  return error;
}
