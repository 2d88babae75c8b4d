// Starts the transcription uploader (upload-runner.ts) only when the signed-in user has an upload
// on this device, so tus-js-client is fetched then and never weighs on the first load. One tab
// uploads at a time: the runner holds a Web Lock for its lifetime; another tab's request waits
// and takes over when that tab closes (a browser without Web Locks just runs it).
import { getStoredToken } from '../api/token';
import { transcriptionUploadLimitBytes } from './upload-limit';

const LOCK = 'reelflow:transcription-uploads';

let active: { userId: string; stop: () => void } | null = null;

/** `onUploaded` turns a finished upload into its transcription (see UploadRunnerOptions). */
export function ensureUploadRunner(userId: string, onUploaded: (rowId: string, uploadUrl: string) => Promise<unknown>): void {
  if (active?.userId === userId) return;
  stopUploadRunner();
  let stopRunner: (() => void) | null = null;
  let cancelled = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const start = async (): Promise<void> => {
    const { startUploadRunner } = await import('./upload-runner');
    if (cancelled) return;
    const runner = startUploadRunner({ userId, token: getStoredToken, limitBytes: () => transcriptionUploadLimitBytes(), onUploaded });
    stopRunner = () => runner.stop();
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    void locks
      .request(LOCK, async () => {
        if (cancelled) return;
        await start();
        await held;
      })
      .catch((error: unknown) => console.warn('Upload:', error));
  } else {
    void start().catch((error: unknown) => console.warn('Upload:', error));
  }
  active = {
    userId,
    stop: () => {
      cancelled = true;
      stopRunner?.();
      release();
    },
  };
}

export function stopUploadRunner(): void {
  active?.stop();
  active = null;
}
