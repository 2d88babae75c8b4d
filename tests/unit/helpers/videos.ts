// Test data for the videos and music collections, and a small in-memory Cache Storage (happy-dom
// has none) that behaves like the browser's for what the keep-offline code uses.
import type { AiVideo, MusicTrack, VideoStage } from '../../../contract/videos';
import { VIDEO_STAGES } from '../../../contract/videos';
import type { Paginated } from '../../../contract';

export function serverVideo(id: string, fields: Partial<AiVideo> = {}): AiVideo {
  const stages: VideoStage[] = VIDEO_STAGES.map((name) => ({ name, status: 'done', error: null }));
  return {
    id,
    title: `Video ${id}`,
    status: 'completed',
    progress: 100,
    stage: null,
    stages,
    error: null,
    credits_charged: 10,
    settings: { language: 'english', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false, script: 'A script.' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ai_video: { video_src: `/media/videos/${id}.mp4?expires=9&signature=abc`, thumbnail_src: null, duration: 30, width: 1080, height: 1920, size_bytes: 1000 },
    ...fields,
  };
}

export function serverTrack(id: string, fields: Partial<MusicTrack> = {}): MusicTrack {
  return {
    id,
    title: `Track ${id}`,
    duration: 90,
    size_bytes: 2_000_000,
    mime_type: 'audio/mpeg',
    audio_src: `/media/music/${id}.mp3?signature=x`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function pageOf<T>(data: T[]): Paginated<T> {
  return { data, current_page: 1, last_page: 1, per_page: 1000, total: data.length, from: data.length ? 1 : null, to: data.length || null };
}

interface FakeCaches {
  keys: () => string[];
  uninstall: () => void;
}

/** globalThis.caches backed by Maps (url → Response). */
export function installFakeCaches(): FakeCaches {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) => (typeof request === 'string' ? new URL(request, location.href).href : request instanceof URL ? request.href : request.url);
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return Promise.resolve({
      put: async (request: RequestInfo | URL, response: Response) => {
        // Like the browser: the body is read into the cache.
        const body = await response.arrayBuffer();
        store.set(urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
      },
      match: (request: RequestInfo | URL) => Promise.resolve(store.get(urlOf(request))?.clone()),
      delete: (request: RequestInfo | URL) => Promise.resolve(store.delete(urlOf(request))),
      keys: () => Promise.resolve([...store.keys()].map((url) => new Request(url))),
    });
  };
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'caches');
  Object.defineProperty(globalThis, 'caches', { configurable: true, value: { open, delete: (name: string) => Promise.resolve(stores.delete(name)) } });
  return {
    keys: () => [...stores.values()].flatMap((store) => [...store.keys()]),
    uninstall: () => {
      if (previous) Object.defineProperty(globalThis, 'caches', previous);
      else delete (globalThis as { caches?: unknown }).caches;
    },
  };
}
