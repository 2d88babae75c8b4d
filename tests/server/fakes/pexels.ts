// A local Pexels API (shared/reference/platforms.md §8a): `Authorization: <key>` with no Bearer,
// GET {photos}/search and {videos}/search with query, orientation, per_page (max 80), the
// documented answer shapes, X-Ratelimit-* headers on 2xx only, 429 when the allowance is spent,
// {"error":"…"} bodies. File links point back at this server: photos are real JPEGs; videos are
// served with an MP4 file header (the adapter stores clips, it does not decode them).
import { createCanvas } from '@napi-rs/canvas';
import { listen, sendBytes, sendJson, type RunningFake } from './visual-fakes-http';

export interface FakeVideo {
  id: number;
  tags: string[];
  width: number;
  height: number;
  duration: number;
  user: string;
}

export interface FakePhoto {
  id: number;
  tags: string[];
  width: number;
  height: number;
  photographer: string;
}

export interface FakePexels extends RunningFake {
  photosBaseUrl: string;
  videosBaseUrl: string;
  videos: FakeVideo[];
  photos: FakePhoto[];
  /** Every request: path, query and Authorization header. */
  requests: Array<{ path: string; query: URLSearchParams; authorization: string | undefined }>;
  /** Every file fetched from the fake CDN. */
  downloads: string[];
  /** Requests left this hour (X-Ratelimit-Remaining); at 0 the API answers 429. */
  remaining: number;
  /** The next API answer is this status with {"error": message}. */
  failNext(status: number, message: string): void;
}

function orientationOf(width: number, height: number): string {
  return width > height ? 'landscape' : width < height ? 'portrait' : 'square';
}

/** The renditions Pexels lists for a clip: SD, HD, full HD, 4K (as fits the source) and HLS. */
function renditions(origin: string, video: FakeVideo): Array<Record<string, unknown>> {
  const portrait = video.height > video.width;
  const sizes = [360, 720, 1080, 2160].filter((short) => short <= Math.min(video.width, video.height));
  const files: Array<Record<string, unknown>> = sizes.map((short, i) => {
    const long = Math.round((short * Math.max(video.width, video.height)) / Math.min(video.width, video.height));
    const [width, height] = portrait ? [short, long] : [long, short];
    return {
      id: video.id * 10 + i,
      quality: short >= 2160 ? 'uhd' : short >= 720 ? 'hd' : 'sd',
      file_type: 'video/mp4',
      width,
      height,
      fps: 29.97,
      link: `${origin}/cdn/video-files/${video.id}/${width}x${height}.mp4`,
    };
  });
  files.push({ id: video.id * 10 + 9, quality: 'hls', file_type: 'video/mp4', width: null, height: null, fps: null, link: `${origin}/cdn/hls/${video.id}.m3u8` });
  return files.reverse();
}

export async function startFakePexels(apiKey = 'pexels-test-key'): Promise<FakePexels> {
  const failures: Array<{ status: number; message: string }> = [];
  const state = {
    videos: [] as FakeVideo[],
    photos: [] as FakePhoto[],
    requests: [] as FakePexels['requests'],
    downloads: [] as string[],
    remaining: 200,
    origin: '',
  };
  const resetAt = Math.floor(Date.now() / 1000) + 3600;
  const running = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/cdn/')) {
      state.downloads.push(url.pathname);
      if (url.pathname.endsWith('.mp4')) {
        // ISO BMFF: a 'ftyp' box first, as every MP4 starts.
        const header = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]);
        return sendBytes(res, 'video/mp4', Buffer.concat([header, Buffer.alloc(4096)]));
      }
      if (url.pathname.endsWith('.jpeg')) {
        const canvas = createCanvas(64, 96);
        const context = canvas.getContext('2d');
        context.fillStyle = '#4a7';
        context.fillRect(0, 0, 64, 96);
        return sendBytes(res, 'image/jpeg', canvas.encodeSync('jpeg', 80));
      }
      return sendJson(res, 404, { error: 'Not found' });
    }
    state.requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    if (req.headers.authorization !== apiKey) return sendJson(res, 401, { error: 'Unauthorized' });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, { error: failure.message });
    if (state.remaining <= 0) return sendJson(res, 429, { error: 'Rate limit exceeded' });
    state.remaining -= 1;
    const rateHeaders = { 'X-Ratelimit-Limit': '200', 'X-Ratelimit-Remaining': String(state.remaining), 'X-Ratelimit-Reset': String(resetAt) };

    const query = url.searchParams.get('query');
    if (!query) return sendJson(res, 400, { error: 'query is required' });
    const perPage = Math.min(80, Number(url.searchParams.get('per_page') ?? 15) || 15);
    const orientation = url.searchParams.get('orientation');
    const words = query.toLowerCase().split(/\s+/);
    // Like the real search: every word of the query must match.
    const matches = <T extends { tags: string[]; width: number; height: number }>(item: T): boolean =>
      words.every((word) => item.tags.includes(word)) && (!orientation || orientationOf(item.width, item.height) === orientation);
    const page = { page: 1, per_page: perPage };

    if (url.pathname === '/videos/search' || url.pathname === '/v1/videos/search') {
      const found = state.videos.filter(matches);
      return sendJson(res, 200, {
        ...page,
        total_results: found.length,
        url: `https://www.pexels.com/search/videos/${encodeURIComponent(query)}/`,
        videos: found.slice(0, perPage).map((video) => ({
          id: video.id,
          width: video.width,
          height: video.height,
          url: `https://www.pexels.com/video/${video.id}/`,
          image: `${state.origin}/cdn/video-pictures/${video.id}.jpeg`,
          duration: video.duration,
          user: { id: video.id + 1000, name: video.user, url: `https://www.pexels.com/@user${video.id}` },
          video_files: renditions(state.origin, video),
          video_pictures: [{ id: video.id, picture: `${state.origin}/cdn/video-pictures/${video.id}.jpeg`, nr: 0 }],
        })),
      }, rateHeaders);
    }
    if (url.pathname === '/v1/search') {
      const found = state.photos.filter(matches);
      return sendJson(res, 200, {
        ...page,
        total_results: found.length,
        photos: found.slice(0, perPage).map((photo) => {
          const base = `${state.origin}/cdn/photos/${photo.id}/pexels-photo-${photo.id}.jpeg`;
          return {
            id: photo.id,
            width: photo.width,
            height: photo.height,
            url: `https://www.pexels.com/photo/${photo.id}/`,
            photographer: photo.photographer,
            photographer_url: `https://www.pexels.com/@p${photo.id}`,
            photographer_id: photo.id + 5000,
            avg_color: '#7E8C6B',
            alt: photo.tags.join(' '),
            liked: false,
            src: {
              original: base,
              large2x: `${base}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
              large: `${base}?auto=compress&cs=tinysrgb&h=650&w=940`,
              medium: `${base}?auto=compress&cs=tinysrgb&h=350`,
              small: `${base}?auto=compress&cs=tinysrgb&h=130`,
              portrait: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`,
              landscape: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
              tiny: `${base}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
            },
          };
        }),
      }, rateHeaders);
    }
    return sendJson(res, 404, { error: 'Not found' });
  });
  state.origin = running.origin;
  return {
    ...running,
    photosBaseUrl: `${running.origin}/v1/`,
    videosBaseUrl: `${running.origin}/videos/`,
    videos: state.videos,
    photos: state.photos,
    requests: state.requests,
    downloads: state.downloads,
    get remaining() { return state.remaining; },
    set remaining(value: number) { state.remaining = value; },
    failNext: (status: number, message: string) => void failures.push({ status, message }),
  };
}
