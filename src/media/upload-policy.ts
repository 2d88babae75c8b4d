// What a transcription sends (spec §3, §5, §8). Phones make big files and
// links are flaky, so the device decides before anything goes up:
//   * an empty or missing file is refused, and the error is logged (spec §5);
//   * `render_video` off → the server only needs the speech, so only compact audio is sent;
//   * `render_video` on and the file over the server's limit → the video is compressed to fit first
//     (the creator sees the size before and after, and can cancel);
//   * `skip_size_check` → sent as it is, the server decides.
// When the server still answers that the file "failed to upload" or is "too large", the creator is
// told the spec's message (src/api/upload.ts: "Server file size limit exceeded", the size in MB, the
// limit, and to contact the administrator). Pure: the media work and the logging are injected, so
// every branch is unit-tested without ffmpeg.
import { isUploadSizeFailure, uploadLimitMessage } from '../api/upload';

export interface TranscriptionUploadInput {
  file: Blob | null | undefined;
  renderVideo: boolean;
  skipSizeCheck: boolean;
  /** The server's upload limit for a transcription's file, in bytes. */
  serverLimitBytes: number;
}

/** What the policy will do, decided from the input alone (shown to the creator before any work). */
export type UploadDecision =
  | { kind: 'refuse'; reason: string }
  | { kind: 'audio-only' }
  | { kind: 'compress'; maxBytes: number }
  | { kind: 'as-is'; reason: 'within-limit' | 'size-check-skipped' };

export const EMPTY_FILE_MESSAGE = 'A transcription upload needs a non-empty video file.';

export function decideUpload(input: TranscriptionUploadInput): UploadDecision {
  const { file } = input;
  if (!file || file.size === 0) return { kind: 'refuse', reason: EMPTY_FILE_MESSAGE };
  if (!input.renderVideo) return { kind: 'audio-only' };
  if (input.skipSizeCheck) return { kind: 'as-is', reason: 'size-check-skipped' };
  if (file.size > input.serverLimitBytes) return { kind: 'compress', maxBytes: input.serverLimitBytes };
  return { kind: 'as-is', reason: 'within-limit' };
}

export interface MediaProgress {
  /** 0..1 */
  ratio: number;
}

/** The effects the policy needs; the page passes the media worker and the app's error reporter. */
export interface UploadEffects {
  /** Compact mono speech audio of the file. */
  extractSpeechAudio(file: Blob, onProgress: (progress: MediaProgress) => void, signal: AbortSignal): Promise<Blob>;
  /** The video re-encoded to at most `maxBytes` (rejects when it cannot fit). */
  compressToFit(file: Blob, maxBytes: number, onProgress: (progress: MediaProgress) => void, signal: AbortSignal): Promise<Blob>;
  /** Log an error the way the app does (spec §7 error logs). */
  logError(message: string): void;
  onProgress?: (progress: MediaProgress) => void;
}

export type PreparedUpload =
  | { kind: 'refused'; message: string }
  | { kind: 'cancelled' }
  | {
      kind: 'ready';
      /** What goes up as `video_file`. */
      file: Blob;
      sends: 'audio' | 'original' | 'compressed';
      beforeBytes: number;
      afterBytes: number;
      renderVideo: boolean;
      skipSizeCheck: boolean;
    }
  | { kind: 'does-not-fit'; beforeBytes: number; afterBytes: number; maxBytes: number };

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

/** Carries out the decision: refuse (and log), extract audio, compress, or pass the file on. */
export async function prepareTranscriptionUpload(input: TranscriptionUploadInput, effects: UploadEffects, signal: AbortSignal): Promise<PreparedUpload> {
  const decision = decideUpload(input);
  const progress = effects.onProgress ?? (() => undefined);
  const { renderVideo, skipSizeCheck } = input;
  if (decision.kind === 'refuse') {
    effects.logError(`Invalid transcription upload: video_file must be a non-empty file (${input.file ? 'empty file' : 'no file'})`);
    return { kind: 'refused', message: decision.reason };
  }
  const file = input.file as Blob;
  if (decision.kind === 'as-is') {
    return { kind: 'ready', file, sends: 'original', beforeBytes: file.size, afterBytes: file.size, renderVideo, skipSizeCheck };
  }
  try {
    if (decision.kind === 'audio-only') {
      const audio = await effects.extractSpeechAudio(file, progress, signal);
      if (signal.aborted) return { kind: 'cancelled' };
      return { kind: 'ready', file: audio, sends: 'audio', beforeBytes: file.size, afterBytes: audio.size, renderVideo, skipSizeCheck };
    }
    const compressed = await effects.compressToFit(file, decision.maxBytes, progress, signal);
    if (signal.aborted) return { kind: 'cancelled' };
    if (compressed.size > decision.maxBytes) {
      return { kind: 'does-not-fit', beforeBytes: file.size, afterBytes: compressed.size, maxBytes: decision.maxBytes };
    }
    return { kind: 'ready', file: compressed, sends: 'compressed', beforeBytes: file.size, afterBytes: compressed.size, renderVideo, skipSizeCheck };
  } catch (error) {
    if (isAbort(error, signal)) return { kind: 'cancelled' };
    throw error;
  }
}

/**
 * The creator's message when the server refuses the file as too large ("failed to upload", "too
 * large" or 413), with the size of the file that was sent and the limit (the server's, else the one
 * planned with); null for any other answer.
 */
export function uploadFailureMessage(status: number | undefined, body: unknown, sent: Blob, serverLimitBytes?: number): string | null {
  if (!isUploadSizeFailure(status, body)) return null;
  return uploadLimitMessage(sent, body, serverLimitBytes);
}
