// What the publish engine hands a platform adapter (YouTube, TikTok), played by a test: an in-memory video, a
// token source that refreshes through the adapter's own OAuth (as AccountTokenService does), and a
// checkpoint store that survives "crashes" between publish calls.
import { createHash, randomBytes } from 'node:crypto';
import { SocialError, type PublishContext, type PublishMedia, type SocialOAuth, type UploadCheckpoint } from '../../../server/domain/ports/social';

export function memoryMedia(size: number, mimeType = 'video/mp4'): PublishMedia & { bytes: Buffer; sha256: string; reads: Array<[number, number]> } {
  const bytes = randomBytes(size);
  const reads: Array<[number, number]> = [];
  return {
    size,
    mimeType,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    reads,
    read(start, end) {
      reads.push([start, end]);
      return Promise.resolve(new Uint8Array(bytes.subarray(start, end)));
    },
  };
}

export interface TestPublishState {
  checkpoint: UploadCheckpoint;
  uploadedBytes: number;
  /** Every save in order (session and confirmed bytes). */
  saves: Array<{ session: string | null; uploadedBytes: number }>;
  refreshes: number;
  accessToken: string;
}

/**
 * A PublishContext over `state` (kept by the caller across publish calls, like post_targets).
 * `onSave` runs after each save: a test throws or aborts there to simulate a crash.
 */
export function publishContext(
  oauth: SocialOAuth,
  state: TestPublishState,
  refreshToken: string,
  options: { signal?: AbortSignal; onSave?: (save: { session: string | null; uploadedBytes: number }, index: number) => void } = {},
): PublishContext {
  // Platforms that rotate refresh tokens (TikTok) answer a new one with every refresh: keep the newest.
  let currentRefresh = refreshToken;
  return {
    async accessToken(request) {
      if (request?.forceRefresh) {
        state.refreshes += 1;
        const tokens = await oauth.refresh(currentRefresh);
        state.accessToken = tokens.accessToken;
        currentRefresh = tokens.refreshToken ?? currentRefresh;
      }
      return state.accessToken;
    },
    checkpoint: { ...state.checkpoint },
    saveCheckpoint(checkpoint, uploadedBytes) {
      state.checkpoint = { ...checkpoint };
      state.uploadedBytes = uploadedBytes;
      const save = { session: checkpoint.session, uploadedBytes };
      state.saves.push(save);
      options.onSave?.(save, state.saves.length - 1);
      return Promise.resolve();
    },
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

export const freshState = (accessToken: string): TestPublishState => ({ checkpoint: { session: null }, uploadedBytes: 0, saves: [], refreshes: 0, accessToken });

/** The SocialError a publish (or any adapter call) rejects with; fails the test on anything else. */
export async function rejection(promise: Promise<unknown>): Promise<SocialError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SocialError)) throw new Error(`expected a SocialError, got ${String(error)}`);
  return error;
}
