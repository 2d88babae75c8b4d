// The upload policy of a transcription, every branch, with the media
// work and the error log injected (no ffmpeg here: the browser test runs the real worker).
import { describe, expect, it, vi } from 'vitest';
import { decideUpload, EMPTY_FILE_MESSAGE, prepareTranscriptionUpload, uploadFailureMessage, type UploadEffects } from '../../src/media/upload-policy';

const MB = 1024 * 1024;
const bytes = (n: number) => new Blob([new Uint8Array(n)], { type: 'video/mp4' });
/** A small limit keeps the test blobs small (happy-dom copies them). */
const LIMIT = 64 * 1024;

function effects(overrides: Partial<UploadEffects> = {}) {
  const calls = {
    extract: vi.fn((_file: Blob) => Promise.resolve(new Blob([new Uint8Array(1000)], { type: 'audio/ogg' }))),
    compress: vi.fn((_file: Blob, maxBytes: number) => Promise.resolve(bytes(maxBytes - 1))),
    logError: vi.fn((_message: string) => undefined),
  };
  const value: UploadEffects = {
    extractSpeechAudio: (file) => calls.extract(file),
    compressToFit: (file, maxBytes) => calls.compress(file, maxBytes),
    logError: (message) => calls.logError(message),
    ...overrides,
  };
  return { calls, value };
}

const input = (file: Blob | null | undefined, options: { renderVideo?: boolean; skipSizeCheck?: boolean } = {}) => ({
  file,
  renderVideo: options.renderVideo ?? false,
  skipSizeCheck: options.skipSizeCheck ?? false,
  serverLimitBytes: LIMIT,
});

describe('decideUpload', () => {
  it('refuses a missing or empty file', () => {
    expect(decideUpload(input(null))).toEqual({ kind: 'refuse', reason: EMPTY_FILE_MESSAGE });
    expect(decideUpload(input(undefined))).toEqual({ kind: 'refuse', reason: EMPTY_FILE_MESSAGE });
    expect(decideUpload(input(bytes(0), { renderVideo: true }))).toEqual({ kind: 'refuse', reason: EMPTY_FILE_MESSAGE });
  });

  it('sends audio only when render_video is off, whatever the size', () => {
    expect(decideUpload(input(bytes(100)))).toEqual({ kind: 'audio-only' });
    expect(decideUpload(input(bytes(LIMIT + 1)))).toEqual({ kind: 'audio-only' });
    expect(decideUpload(input(bytes(LIMIT + 1), { skipSizeCheck: true }))).toEqual({ kind: 'audio-only' });
  });

  it('compresses a video over the limit when render_video is on', () => {
    expect(decideUpload(input(bytes(LIMIT + 1), { renderVideo: true }))).toEqual({ kind: 'compress', maxBytes: LIMIT });
  });

  it('sends a video within the limit as it is (the limit itself fits)', () => {
    expect(decideUpload(input(bytes(LIMIT), { renderVideo: true }))).toEqual({ kind: 'as-is', reason: 'within-limit' });
  });

  it('skip_size_check sends the video as it is even over the limit', () => {
    expect(decideUpload(input(bytes(LIMIT + 1), { renderVideo: true, skipSizeCheck: true }))).toEqual({ kind: 'as-is', reason: 'size-check-skipped' });
  });
});

describe('prepareTranscriptionUpload', () => {
  it('refuses an empty file and logs the error, doing no media work', async () => {
    const { calls, value } = effects();
    const result = await prepareTranscriptionUpload(input(bytes(0), { renderVideo: true }), value, new AbortController().signal);
    expect(result).toEqual({ kind: 'refused', message: EMPTY_FILE_MESSAGE });
    expect(calls.logError).toHaveBeenCalledTimes(1);
    expect(calls.logError.mock.calls[0]?.[0]).toMatch(/video_file must be a non-empty file \(empty file\)/);
    expect(calls.extract).not.toHaveBeenCalled();
    expect(calls.compress).not.toHaveBeenCalled();
  });

  it('refuses a missing file and logs the error', async () => {
    const { calls, value } = effects();
    const result = await prepareTranscriptionUpload(input(null), value, new AbortController().signal);
    expect(result.kind).toBe('refused');
    expect(calls.logError.mock.calls[0]?.[0]).toMatch(/\(no file\)/);
  });

  it('render_video off: sends the extracted audio, with the sizes before and after', async () => {
    const { calls, value } = effects();
    const video = bytes(5 * LIMIT);
    const result = await prepareTranscriptionUpload(input(video), value, new AbortController().signal);
    expect(calls.extract).toHaveBeenCalledWith(video);
    expect(calls.compress).not.toHaveBeenCalled();
    expect(result).toMatchObject({ kind: 'ready', sends: 'audio', beforeBytes: 5 * LIMIT, afterBytes: 1000, renderVideo: false });
    expect(calls.logError).not.toHaveBeenCalled();
  });

  it('render_video on and over the limit: compresses first, shows both sizes', async () => {
    const { calls, value } = effects();
    const video = bytes(LIMIT + 5);
    const result = await prepareTranscriptionUpload(input(video, { renderVideo: true }), value, new AbortController().signal);
    expect(calls.compress).toHaveBeenCalledWith(video, LIMIT);
    expect(result).toMatchObject({ kind: 'ready', sends: 'compressed', beforeBytes: LIMIT + 5, afterBytes: LIMIT - 1, renderVideo: true });
  });

  it('render_video on and within the limit: the original goes', async () => {
    const { calls, value } = effects();
    const video = bytes(1000);
    const result = await prepareTranscriptionUpload(input(video, { renderVideo: true }), value, new AbortController().signal);
    expect(result).toMatchObject({ kind: 'ready', sends: 'original', file: video, beforeBytes: 1000, afterBytes: 1000 });
    expect(calls.compress).not.toHaveBeenCalled();
    expect(calls.extract).not.toHaveBeenCalled();
  });

  it('skip_size_check: the original goes even over the limit, flagged for the request', async () => {
    const { calls, value } = effects();
    const video = bytes(LIMIT + 1);
    const result = await prepareTranscriptionUpload(input(video, { renderVideo: true, skipSizeCheck: true }), value, new AbortController().signal);
    expect(result).toMatchObject({ kind: 'ready', sends: 'original', file: video, skipSizeCheck: true });
    expect(calls.compress).not.toHaveBeenCalled();
  });

  it('reports a compression that still does not fit instead of sending it', async () => {
    const { value } = effects({ compressToFit: () => Promise.resolve(bytes(LIMIT + 100)) });
    const result = await prepareTranscriptionUpload(input(bytes(3 * LIMIT), { renderVideo: true }), value, new AbortController().signal);
    expect(result).toEqual({ kind: 'does-not-fit', beforeBytes: 3 * LIMIT, afterBytes: LIMIT + 100, maxBytes: LIMIT });
  });

  it('cancel during compression ends as cancelled, not as an error', async () => {
    const controller = new AbortController();
    const { value } = effects({
      compressToFit: (_file, _max, _progress, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')))),
    });
    const pending = prepareTranscriptionUpload(input(bytes(LIMIT + 1), { renderVideo: true }), value, controller.signal);
    controller.abort();
    await expect(pending).resolves.toEqual({ kind: 'cancelled' });
  });

  it('cancel during audio extraction ends as cancelled', async () => {
    const controller = new AbortController();
    const { value } = effects({
      extractSpeechAudio: (_file, _progress, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('terminated')))),
    });
    const pending = prepareTranscriptionUpload(input(bytes(100)), value, controller.signal);
    controller.abort();
    await expect(pending).resolves.toEqual({ kind: 'cancelled' });
  });

  it('passes progress from the media work to the page', async () => {
    const seen: number[] = [];
    const { value } = effects({
      extractSpeechAudio: (_file, onProgress) => {
        onProgress({ ratio: 0.5 });
        onProgress({ ratio: 1 });
        return Promise.resolve(bytes(10));
      },
      onProgress: ({ ratio }) => seen.push(ratio),
    });
    await prepareTranscriptionUpload(input(bytes(100)), value, new AbortController().signal);
    expect(seen).toEqual([0.5, 1]);
  });

  it('a media failure that is not a cancel is passed on', async () => {
    const { value } = effects({ extractSpeechAudio: () => Promise.reject(new Error('no audio stream')) });
    await expect(prepareTranscriptionUpload(input(bytes(100)), value, new AbortController().signal)).rejects.toThrow('no audio stream');
  });
});

describe('uploadFailureMessage', () => {
  const sent = bytes(Math.round(12.5 * MB));
  const exact = (limit: string) =>
    `Server file size limit exceeded: your file is 12.50 MB and the server limit is ${limit}. Please contact the administrator to raise the upload limits.`;

  it('413 with the limit in the answer: the spec message with the file size in MB and that limit', () => {
    expect(uploadFailureMessage(413, { message: 'Payload Too Large', max_file_size: 10 * MB }, sent, 10 * MB)).toBe(exact('10.00 MB'));
  });

  it('"failed to upload" (Laravel) names the limit in text', () => {
    expect(uploadFailureMessage(422, { message: 'The video file failed to upload.', errors: { video_file: ['The video file failed to upload.'] }, upload_max_filesize: '8M' }, sent)).toBe(exact('8M'));
  });

  it('"too large" without a limit in the answer falls back to the limit the device planned with', () => {
    expect(uploadFailureMessage(422, { errors: { video_file: ['The video file is too large.'] } }, sent, 10 * MB)).toBe(exact('10.00 MB'));
  });

  it('says so when nobody knows the limit', () => {
    expect(uploadFailureMessage(413, null, sent)).toBe(exact('not reported by the server'));
  });

  it('any other failure is not a size failure', () => {
    expect(uploadFailureMessage(422, { message: 'The caption settings are invalid.' }, sent, 10 * MB)).toBeNull();
    expect(uploadFailureMessage(500, { message: 'Server Error' }, sent, 10 * MB)).toBeNull();
  });
});
