// A transcription's captioned video kept offline: stored beside the kept videos under
// its own prefix, never freed by the videos' prune, freed by its own prune when the transcription
// is gone or no longer kept; the service worker serves both prefixes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isOfflineCopyPath,
  keepCaptionedOffline,
  keepVideoOffline,
  offlineCaptionedIdOf,
  offlineCaptionedPath,
  offlineVideoIdOf,
  offlineVideoSize,
  pruneOfflineCaptioned,
  pruneOfflineVideos,
  toLocalVideo,
} from '../../src/features/videos/data';
import { clearLocalStore, db, type LocalTranscription } from '../../src/store';
import { installFakeCaches, serverVideo } from './helpers/videos';

let caches: ReturnType<typeof installFakeCaches>;
beforeEach(() => {
  caches = installFakeCaches();
});
afterEach(async () => {
  caches.uninstall();
  await clearLocalStore();
});

const file = (bytes: number) => () => Promise.resolve(new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'video/mp4' } }));

async function putTranscription(id: string, keptOffline: boolean): Promise<void> {
  await db.transcriptions.put({ id, keptOffline, syncStatus: 'synced', syncError: null, failedOutboxId: null, created_at: '2026-11-01T00:00:00Z', status: 'completed' } as LocalTranscription);
}

describe('captioned copies kept offline', () => {
  it('have their own path, which the service worker route also serves', () => {
    expect(offlineCaptionedPath('t 1')).toBe('/offline/captioned/t%201.mp4');
    expect(offlineCaptionedIdOf('/offline/captioned/t%201.mp4')).toBe('t 1');
    expect(offlineVideoIdOf('/offline/captioned/t1.mp4')).toBeNull();
    expect(offlineCaptionedIdOf('/offline/videos/t1.mp4')).toBeNull();
    expect(isOfflineCopyPath('/offline/captioned/t1.mp4')).toBe(true);
    expect(isOfflineCopyPath('/offline/videos/v1.mp4')).toBe(true);
    expect(isOfflineCopyPath('/offline/other/v1.mp4')).toBe(false);
    expect(isOfflineCopyPath('/offline/captioned/%E0%A4%A.mp4')).toBe(false);
  });

  it('are not freed by the videos prune, and are freed by their own when no longer kept', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    await keepVideoOffline('v1', '/media/v1.mp4', file(10));
    await putTranscription('t1', true);
    await putTranscription('t2', true);
    expect(await keepCaptionedOffline('t1', '/media/t1/captioned.mp4?signature=s', file(2048))).toBe(2048);
    await keepCaptionedOffline('t2', '/media/t2/captioned.mp4', file(20));
    expect(caches.keys().sort()).toEqual(['http://localhost:3000/offline/captioned/t1.mp4', 'http://localhost:3000/offline/captioned/t2.mp4', 'http://localhost:3000/offline/videos/v1.mp4']);
    expect(await offlineVideoSize('t1', 'captioned')).toBe(2048);

    // No transcription is a video: the videos' prune leaves both captioned copies alone.
    expect(await pruneOfflineVideos()).toBe(0);
    expect(caches.keys()).toHaveLength(3);

    await db.transcriptions.update('t1', { keptOffline: false });
    await db.transcriptions.delete('t2');
    expect(await pruneOfflineCaptioned()).toBe(2);
    expect(caches.keys()).toEqual(['http://localhost:3000/offline/videos/v1.mp4']);
  });
});
