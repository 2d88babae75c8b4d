// Stock footage from Pexels: a video clip per scene when one matches, else a photo. Protocol
// facts: shared/reference/platforms.md §8a. Terms: every file carries its creator's credit
// ("Video by … on Pexels") for the video's description and the app's credits list.
import { z } from 'zod';
import { downloadMedia } from './files';
import { sceneKeywords } from './keywords';
import { orientationOf } from './openai-images';
import { VisualProviderError, type SceneVisual, type SceneVisualRequest, type VisualProvider } from './types';
import { UsedPerVideo } from './used-per-video';

export interface PexelsOptions {
  apiKey: string;
  /** Photos API base (default https://api.pexels.com/v1/). */
  photosBaseUrl?: string | undefined;
  /** Videos API base (default https://api.pexels.com/videos/; newer docs also show /v1/videos/). */
  videosBaseUrl?: string | undefined;
  perPage?: number;
  timeoutMs?: number;
  maxVideoBytes?: number;
  maxPhotoBytes?: number;
}

const videoSchema = z.object({
  id: z.number(),
  duration: z.number().nullish(),
  user: z.object({ name: z.string() }).partial().nullish(),
  video_files: z.array(z.object({
    quality: z.string().nullish(),
    file_type: z.string().nullish(),
    width: z.number().nullish(),
    height: z.number().nullish(),
    link: z.string(),
  })),
});
const photoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  photographer: z.string().nullish(),
  src: z.object({ original: z.string(), large2x: z.string().nullish() }),
});
const videosAnswer = z.object({ videos: z.array(z.unknown()) });
const photosAnswer = z.object({ photos: z.array(z.unknown()) });

type PexelsVideo = z.infer<typeof videoSchema>;
type VideoFile = PexelsVideo['video_files'][number];


export class PexelsProvider implements VisualProvider {
  readonly id = 'pexels';
  readonly label = 'Pexels stock videos and photos';
  private readonly photosBase: string;
  private readonly videosBase: string;
  /** Stock ids already used, per video (its work folder): one clip never shows twice. */
  private readonly used = new UsedPerVideo();
  /** When the hourly allowance is spent (X-Ratelimit-Remaining: 0), the reset time in ms. */
  private blockedUntil = 0;

  constructor(private readonly options: PexelsOptions) {
    this.photosBase = withSlash(options.photosBaseUrl ?? 'https://api.pexels.com/v1/');
    this.videosBase = withSlash(options.videosBaseUrl ?? 'https://api.pexels.com/videos/');
  }

  async sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    const words = request.keywords.map((word) => word.trim()).filter(Boolean);
    const keywords = words.length > 0 ? words : sceneKeywords(request.prompt, 'english');
    if (keywords.length === 0) throw new VisualProviderError('This scene has no words to search stock footage for.', 'bad');
    const queries = [...new Set([keywords.slice(0, 3).join(' '), keywords[0]!])];
    const used = this.used.for(request.outputBase);
    const orientation = orientationOf(request.width, request.height);

    for (const query of queries) {
      const answer = videosAnswer.parse(await this.get(`${this.videosBase}search`, { query, orientation, per_page: String(this.options.perPage ?? 15) }, signal));
      const videos = answer.videos.flatMap((item) => {
        const parsed = videoSchema.safeParse(item);
        return parsed.success && !used.has(`video:${parsed.data.id}`) && playableFiles(parsed.data).length > 0 ? [parsed.data] : [];
      });
      // Relevance order from Pexels, but a clip long enough for the scene first (no visible loop).
      const video = videos.find((v) => (v.duration ?? 0) >= request.duration) ?? videos[0];
      if (video) {
        const file = closestFile(playableFiles(video), request.width, request.height);
        const { path } = await downloadMedia(file.link, request.outputBase, { maxBytes: this.options.maxVideoBytes ?? 200_000_000, signal, who: 'Pexels video' });
        used.add(`video:${video.id}`);
        return {
          kind: 'video',
          path,
          width: file.width ?? request.width,
          height: file.height ?? request.height,
          attribution: `Video by ${video.user?.name?.trim() || 'a Pexels creator'} on Pexels`,
          label: this.label,
        };
      }
    }

    for (const query of queries) {
      const answer = photosAnswer.parse(await this.get(`${this.photosBase}search`, { query, orientation, per_page: String(this.options.perPage ?? 15) }, signal));
      const photo = answer.photos
        .map((item) => photoSchema.safeParse(item))
        .flatMap((parsed) => (parsed.success && !used.has(`photo:${parsed.data.id}`) ? [parsed.data] : []))[0];
      if (photo) {
        const { path } = await downloadMedia(photo.src.original, request.outputBase, { maxBytes: this.options.maxPhotoBytes ?? 40_000_000, signal, who: 'Pexels photo' });
        used.add(`photo:${photo.id}`);
        return {
          kind: 'image',
          path,
          width: photo.width,
          height: photo.height,
          attribution: `Photo by ${photo.photographer?.trim() || 'a Pexels photographer'} on Pexels`,
          label: this.label,
        };
      }
    }
    throw new VisualProviderError(`Pexels has no unused video or photo for "${queries[0]}".`, 'bad');
  }

  private async get(url: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    if (Date.now() < this.blockedUntil) {
      throw new VisualProviderError('The Pexels hourly request allowance is used up; stock footage resumes after it resets.', 'rate', 429);
    }
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await fetch(`${url}?${new URLSearchParams(query).toString()}`, {
        headers: { authorization: this.options.apiKey, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new VisualProviderError('Pexels could not be reached.', 'retry');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
      const detail = typeof body?.error === 'string' ? `: ${body.error.slice(0, 200)}` : '';
      const status = response.status;
      if (status === 401 || status === 403) throw new VisualProviderError('Pexels rejected the configured API key (PEXELS_API_KEY).', 'auth', status);
      if (status === 429) throw new VisualProviderError('Pexels is rate limiting requests (200 an hour, 20,000 a month).', 'rate', status);
      if (status >= 500) throw new VisualProviderError(`Pexels is failing (HTTP ${status}).`, 'retry', status);
      throw new VisualProviderError(`Pexels refused the search (HTTP ${status})${detail}`, 'bad', status);
    }
    // The rate headers come only on successful answers: stop before the next call would get 429.
    const remaining = response.headers.get('x-ratelimit-remaining');
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    if (remaining === '0' && Number.isFinite(reset) && reset > 0) this.blockedUntil = reset * 1000;
    const json: unknown = await response.json().catch(() => null);
    if (json === null) throw new VisualProviderError('Pexels answered with something that is not JSON.', 'retry');
    return json;
  }
}

function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** MP4 renditions with known sizes (HLS playlists are not files ffmpeg should fetch). */
function playableFiles(video: PexelsVideo): VideoFile[] {
  return video.video_files.filter(
    (file) => file.quality !== 'hls' && (file.file_type ?? 'video/mp4') === 'video/mp4' && (file.width ?? 0) > 0 && (file.height ?? 0) > 0,
  );
}

/** The smallest rendition that still covers the frame's short side (no upscaling, no 4K when
 *  1080p will do); when none is that large, the largest there is. */
export function closestFile(files: VideoFile[], width: number, height: number): VideoFile {
  const bySize = [...files].sort((a, b) => a.width! * a.height! - b.width! * b.height!);
  const shortSide = Math.min(width, height);
  return bySize.find((file) => Math.min(file.width!, file.height!) >= shortSide) ?? bySize[bySize.length - 1]!;
}
