// The resumable, chunked upload YouTube and TikTok share: bytes go out chunk by chunk from where
// the platform says it stands; each answer moves the offset (saved as the checkpoint); a dropped
// connection or a 5xx waits and asks the platform how much it kept (never assumes); an upload that
// stops moving gives up after `maxTries` stalls. What a chunk and a probe are is the platform's.
import { sleep, type RetrySettings } from './http';
import { isTransient, PlatformError } from './platform-error';

/** Where an upload stands: the bytes the platform holds, finished (with what it answered), or lost. */
export type UploadState<Done> = { kind: 'offset'; offset: number } | { kind: 'done'; value: Done } | { kind: 'lost' };

export interface ChunkedUpload<Done> {
  /** Bytes in the whole file. */
  total: number;
  /** Where the next chunk starts when the platform holds `offset` bytes (TikTok keeps whole chunks). */
  chunkStart(offset: number): number;
  /** Where the chunk that starts at `start` ends (exclusive). */
  chunkEnd(start: number): number;
  /** Sends bytes [start, end); throws a PlatformError when the platform refused them. */
  sendChunk(start: number, end: number): Promise<UploadState<Done>>;
  /** Asks the platform where the upload stands, retrying dropped connections itself. */
  probe(): Promise<UploadState<Done>>;
  /** Remembers how far the platform confirmed, so a later attempt resumes there. */
  saveOffset(offset: number): Promise<void>;
  onProgress?(sent: number, total: number): void;
  /** The platform's words for an upload that stopped moving and one it holds but did not finish. */
  stalled: () => PlatformError;
  incomplete: () => PlatformError;
}

/** How an upload ended: done, or lost by the platform (`finalSent`: its last byte may have arrived). */
export type UploadOutcome<Done> = { kind: 'done'; value: Done } | { kind: 'lost'; finalSent: boolean };

export async function uploadChunks<Done>(upload: ChunkedUpload<Done>, from: UploadState<Done>, settings: RetrySettings, signal?: AbortSignal): Promise<UploadOutcome<Done>> {
  let state = from;
  let stalls = 0;
  let finalSent = false;
  for (;;) {
    signal?.throwIfAborted();
    if (state.kind === 'done') return state;
    if (state.kind === 'lost') return { kind: 'lost', finalSent };
    if (state.offset >= upload.total) {
      // Every byte is stored but the platform did not call it done: its status decides.
      state = await upload.probe();
      if (state.kind === 'offset' && state.offset >= upload.total) throw upload.incomplete();
      continue;
    }
    const start = upload.chunkStart(state.offset);
    const end = upload.chunkEnd(start);
    if (end >= upload.total) finalSent = true;
    let answer: UploadState<Done>;
    try {
      answer = await upload.sendChunk(start, end);
    } catch (error) {
      if (!isTransient(error)) throw error;
      // A dropped answer may hide a stored chunk: wait, then ask the platform what it kept.
      if (++stalls > settings.maxTries) throw error;
      await sleep(settings.backoffMs(stalls), signal);
      state = await upload.probe();
      continue;
    }
    if (answer.kind === 'offset') {
      if (answer.offset > state.offset) stalls = 0;
      else if (++stalls > settings.maxTries) throw upload.stalled();
      await upload.saveOffset(answer.offset);
      upload.onProgress?.(answer.offset, upload.total);
    }
    state = answer;
  }
}
