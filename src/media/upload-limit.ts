// The server's upload limit for a transcription's file, which the upload policy plans with. The
// transcription screen asks GET /api/speech-engine (`max_upload_bytes`) and keeps the answer here
// (localStorage, TRANSCRIPTION_LIMIT_KEY) so the limit is known offline too; before the first
// answer the device assumes DEFAULT_TRANSCRIPTION_UPLOAD_LIMIT_BYTES. A server answer of "too
// large" still wins: its limit is shown in the message (upload-policy.ts).

export const DEFAULT_TRANSCRIPTION_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;
export const TRANSCRIPTION_LIMIT_KEY = 'reelflow:transcription-upload-limit-bytes';

/** Keep the server's limit (from GET /api/speech-engine) for the next plan, offline included. */
export function rememberTranscriptionUploadLimit(bytes: number, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  if (Number.isFinite(bytes) && bytes > 0) {
    try {
      storage?.setItem(TRANSCRIPTION_LIMIT_KEY, String(Math.floor(bytes)));
    } catch {
      // Storage full or blocked: the default applies until the next answer.
    }
  }
}

export function transcriptionUploadLimitBytes(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): number {
  const stored = Number(storage?.getItem(TRANSCRIPTION_LIMIT_KEY) ?? Number.NaN);
  return Number.isFinite(stored) && stored > 0 ? Math.floor(stored) : DEFAULT_TRANSCRIPTION_UPLOAD_LIMIT_BYTES;
}

/** "12.3 MB", "850 KB": sizes the creator compares before and after. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds * 10) / 10;
  const minutes = Math.floor(whole / 60);
  const rest = whole - minutes * 60;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
