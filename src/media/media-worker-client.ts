// The page's side of the media worker (workers/media.worker.ts): the worker is created on the first
// call (not when a screen loads), calls go through Comlink, progress comes back through a proxied
// callback, and an AbortSignal cancels (the worker terminates ffmpeg; the call rejects with an
// AbortError). The 32 MB ffmpeg core is fetched by the worker, only then.
import * as Comlink from 'comlink';
import type { CompressResult, MediaEngine, MediaProgress, MediaWorkerApi, ProbeFacts } from '../../workers/media.worker';

export type { CompressResult, MediaEngine, MediaProgress, ProbeFacts };

export interface MediaClient {
  engine(): Promise<MediaEngine>;
  probe(file: Blob, options?: CallOptions): Promise<ProbeFacts>;
  extractSpeechAudio(file: Blob, options?: CallOptions): Promise<Blob>;
  compressToFit(file: Blob, maxBytes: number, options?: CallOptions): Promise<CompressResult>;
  thumbnail(file: Blob, width?: number, options?: CallOptions): Promise<Blob>;
  /** Ends the worker (and ffmpeg with it); the next call starts a new one. */
  dispose(): void;
}

export interface CallOptions {
  onProgress?: (progress: MediaProgress) => void;
  signal?: AbortSignal;
}

function abortError(): Error {
  const error = new Error('Cancelled');
  error.name = 'AbortError';
  return error;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function createMediaClient(): MediaClient {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<MediaWorkerApi> | null = null;

  function connect(): Comlink.Remote<MediaWorkerApi> {
    if (!remote) {
      worker = new Worker(new URL('../../workers/media.worker.ts', import.meta.url), { type: 'module', name: 'media' });
      remote = Comlink.wrap<MediaWorkerApi>(worker);
    }
    return remote;
  }

  async function call<T>(options: CallOptions | undefined, start: (api: Comlink.Remote<MediaWorkerApi>, progress: ((progress: MediaProgress) => void) | undefined) => Promise<T>): Promise<T> {
    const signal = options?.signal;
    if (signal?.aborted) throw abortError();
    const api = connect();
    const onProgress = options?.onProgress;
    const progress = onProgress ? Comlink.proxy((value: MediaProgress) => onProgress(value)) : undefined;
    const onAbort = () => void api.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await start(api, progress);
    } catch (error) {
      if (signal?.aborted) throw abortError();
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    engine: () => call(undefined, (api) => api.engine()),
    probe: (file, options) => call(options, (api, progress) => api.probe(file, progress)),
    extractSpeechAudio: (file, options) => call(options, (api, progress) => api.extractSpeechAudio(file, progress)),
    compressToFit: (file, maxBytes, options) => call(options, (api, progress) => api.compressToFit(file, maxBytes, progress)),
    thumbnail: (file, width, options) => call(options, (api, progress) => api.thumbnail(file, width, progress)),
    dispose() {
      remote?.[Comlink.releaseProxy]();
      worker?.terminate();
      worker = null;
      remote = null;
    },
  };
}

let shared: MediaClient | null = null;

/** The app's one media worker, created on first use. */
export function mediaClient(): MediaClient {
  shared ??= createMediaClient();
  return shared;
}
