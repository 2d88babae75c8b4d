// How a stored transcription reaches runTranscription: the transcription queue and the
// captioned-video queue (server/jobs/transcribe.ts, render-captions.ts) behind this port. The
// create request answers at once; the work runs in a process that runs jobs.

export interface TranscriptionRunner {
  /** Hands the transcription to the background runner; returns without waiting for it. */
  enqueue(id: string): Promise<void>;
  /** Hands a queued captioned-video render to the background runner. */
  enqueueRender(id: string): Promise<void>;
}
