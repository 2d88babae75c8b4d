// TikTok's direct post (reference/platforms.md §2): creator_info, then `video/init` with the post
// info and a FILE_UPLOAD chunk plan, the chunks PUT in order with Content-Range (206 while partial,
// 201 when done), then status/fetch until PUBLISH_COMPLETE or FAILED. The publish_id, upload_url and
// plan are checkpointed before the first byte; a later attempt with a checkpoint never inits again:
// it asks status/fetch how many bytes TikTok holds and goes on from there (or is already done).
import type { TiktokPrivacyLevel } from '../../../../contract/publishing';
import { authorizedRequestFor, readBody, withRetries } from '../base/http';
import { uploadChunks, type ChunkedUpload, type UploadState } from '../base/chunked-upload';
import type { CreatorInfo, PublishContent, PublishContext, PublishMedia, PublishResult, PublishStatus, SocialPublisher } from '../../../domain/ports/social';
import { PlatformError } from '../base/platform-error';
import { envelopeData, profileUrl, send, type TiktokSettings } from './client';
import { publishFailure, tiktokError } from './errors';

type TokenContext = Pick<PublishContext, 'accessToken' | 'signal'>;

export interface ChunkPlan {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
}

/**
 * TikTok's chunk rule: total_chunk_count = floor(size / chunk_size), the last chunk absorbs the
 * remainder; a file no bigger than one chunk (every file under 5 MB) goes whole.
 */
export function chunkPlan(videoSize: number, chunkSize: number): ChunkPlan {
  if (videoSize <= chunkSize) return { videoSize, chunkSize: videoSize, totalChunkCount: 1 };
  return { videoSize, chunkSize, totalChunkCount: Math.floor(videoSize / chunkSize) };
}

/** Bytes [start, end) of chunk `index`. */
export function chunkBounds(plan: ChunkPlan, index: number): [number, number] {
  const start = index * plan.chunkSize;
  return [start, index === plan.totalChunkCount - 1 ? plan.videoSize : start + plan.chunkSize];
}

/** What the checkpoint holds (UploadCheckpoint.session, as JSON). */
export interface TiktokSession {
  publish_id: string;
  upload_url: string;
  video_size: number;
  chunk_size: number;
  total_chunk_count: number;
}

export function parseSession(value: string | null): TiktokSession | null {
  if (!value) return null;
  try {
    const session = JSON.parse(value) as Partial<TiktokSession>;
    if (typeof session.publish_id !== 'string' || typeof session.upload_url !== 'string') return null;
    if (![session.video_size, session.chunk_size, session.total_chunk_count].every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0)) return null;
    return session as TiktokSession;
  } catch {
    return null;
  }
}

interface StatusData {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: Array<string | number>;
  uploaded_bytes?: number;
}

/** A request with the account's token, refreshed once after a 401 (base/http authorizedRequestFor). */
export const authorizedRequest = authorizedRequestFor(send, tiktokError, 'TikTok refused this account even with a fresh sign-in. Reconnect the account.');

/** One POST of the Content Posting API with a JSON body; its envelope's data. */
async function apiPost<T>(settings: TiktokSettings, ctx: TokenContext, path: string, body: unknown): Promise<T> {
  const response = await authorizedRequest(settings, ctx, `${settings.endpoints.apiBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return envelopeData<T>(settings, response);
}

export async function fetchCreatorInfo(settings: TiktokSettings, ctx: TokenContext): Promise<CreatorInfo> {
  const data = await apiPost<Partial<CreatorInfo>>(settings, ctx, '/v2/post/publish/creator_info/query/', undefined);
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    creator_avatar_url: str(data.creator_avatar_url),
    creator_username: str(data.creator_username),
    creator_nickname: str(data.creator_nickname),
    privacy_level_options: Array.isArray(data.privacy_level_options) ? data.privacy_level_options.filter((level): level is TiktokPrivacyLevel => typeof level === 'string') : [],
    comment_disabled: data.comment_disabled === true,
    duet_disabled: data.duet_disabled === true,
    stitch_disabled: data.stitch_disabled === true,
    max_video_post_duration_sec: typeof data.max_video_post_duration_sec === 'number' ? data.max_video_post_duration_sec : null,
  };
}

/** post_info of video/init from the post's TikTok options; the caption is the title. */
export function postInfo(content: PublishContent): Record<string, unknown> {
  const options = content.tiktok;
  if (!options?.privacy_level) throw new PlatformError('Choose who can see the TikTok post.', 'bad', 'privacy_level_missing');
  return {
    title: content.caption,
    privacy_level: options.privacy_level,
    disable_duet: options.disable_duet ?? false,
    disable_comment: options.disable_comment ?? false,
    disable_stitch: options.disable_stitch ?? false,
    brand_content_toggle: options.brand_content_toggle ?? false,
    brand_organic_toggle: options.brand_organic_toggle ?? false,
    is_aigc: options.is_aigc ?? true,
    ...(options.video_cover_timestamp_ms !== undefined ? { video_cover_timestamp_ms: options.video_cover_timestamp_ms } : {}),
  };
}

const UPLOAD_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

class DirectPost {
  constructor(
    private readonly settings: TiktokSettings,
    private readonly ctx: PublishContext,
    private readonly media: PublishMedia,
    private readonly content: PublishContent,
  ) {}

  async run(): Promise<PublishResult> {
    if (this.media.size <= 0) throw new PlatformError('TikTok received an empty file.', 'bad', 'empty_file');
    let session = parseSession(this.ctx.checkpoint.session);
    let state: UploadState<true> = { kind: 'offset', offset: 0 };
    if (session) {
      // A publish_id exists: never a second init. TikTok tells how far the upload got.
      state = await this.fetchStatus(session.publish_id);
    } else {
      session = await this.init();
      await this.ctx.saveCheckpoint({ session: JSON.stringify(session) }, 0);
    }
    // TikTok has no "lost" upload: a publish_id's status always answers (or fails the publish).
    await uploadChunks(this.chunks(session), state, this.settings, this.ctx.signal);
    return this.result(session);
  }

  /** The publish as a chunked upload on TikTok's chunk plan: 206 while partial, 201 when whole. */
  private chunks(session: TiktokSession): ChunkedUpload<true> {
    const plan: ChunkPlan = { videoSize: session.video_size, chunkSize: session.chunk_size, totalChunkCount: session.total_chunk_count };
    const saved = JSON.stringify(session);
    return {
      total: plan.videoSize,
      chunkStart: (offset) => chunkBounds(plan, this.chunkAt(plan, offset))[0],
      chunkEnd: (start) => chunkBounds(plan, this.chunkAt(plan, start))[1],
      sendChunk: async (start, end) => {
        const response = await this.put(session, start, end);
        if (response.status === 200 || response.status === 201) {
          await response.body?.cancel().catch(() => undefined);
          await this.ctx.saveCheckpoint({ session: saved }, plan.videoSize);
          this.ctx.onProgress?.(plan.videoSize, plan.videoSize);
          return { kind: 'done', value: true };
        }
        if (response.status === 206) {
          await response.body?.cancel().catch(() => undefined);
          return { kind: 'offset', offset: end };
        }
        throw tiktokError(response.status, await readBody(response), response.headers, this.settings.now());
      },
      probe: () => this.fetchStatus(session.publish_id),
      saveOffset: (offset) => this.ctx.saveCheckpoint({ session: saved }, offset),
      onProgress: (sent, total) => this.ctx.onProgress?.(sent, total),
      stalled: () => new PlatformError('TikTok stopped taking the upload; it will be tried again later.', 'retry', 'upload_stalled'),
      incomplete: () => new PlatformError('TikTok took every part of the upload but did not finish it; it will be tried again.', 'retry', 'upload_incomplete'),
    };
  }

  /** The chunk holding byte `offset` (TikTok keeps whole chunks): where to go on. */
  private chunkAt(plan: ChunkPlan, offset: number): number {
    return Math.min(plan.totalChunkCount - 1, Math.max(0, Math.floor(offset / plan.chunkSize)));
  }

  /** video/init with the post info and the chunk plan: the publish_id and the upload address. */
  private async init(): Promise<TiktokSession> {
    const plan = chunkPlan(this.media.size, this.settings.chunkSize);
    const data = await apiPost<{ publish_id?: unknown; upload_url?: unknown }>(this.settings, this.ctx, '/v2/post/publish/video/init/', {
      post_info: postInfo(this.content),
      source_info: { source: 'FILE_UPLOAD', video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount },
    });
    if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string') {
      throw new PlatformError('TikTok did not open an upload.', 'retry', 'no_upload_url');
    }
    return { publish_id: data.publish_id, upload_url: data.upload_url, video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount };
  }

  /** Whether TikTok holds the whole file (or is past the upload), else how many bytes it has. */
  private async fetchStatus(publishId: string): Promise<UploadState<true>> {
    const data = await withRetries(this.settings, this.ctx.signal, () => apiPost<StatusData>(this.settings, this.ctx, '/v2/post/publish/status/fetch/', { publish_id: publishId }));
    const uploaded = typeof data.uploaded_bytes === 'number' && data.uploaded_bytes >= 0 ? data.uploaded_bytes : 0;
    const done = data.status !== 'PROCESSING_UPLOAD' || uploaded >= this.media.size;
    return done ? { kind: 'done', value: true } : { kind: 'offset', offset: uploaded };
  }

  /** One chunk. The upload address is pre-authorized (no token), as on TikTok. */
  private async put(session: TiktokSession, start: number, end: number): Promise<Response> {
    const bytes = await this.media.read(start, end);
    const type = UPLOAD_TYPES.has(this.media.mimeType) ? this.media.mimeType : 'video/mp4';
    return send(
      this.settings,
      session.upload_url,
      { method: 'PUT', headers: { 'content-type': type, 'content-range': `bytes ${start}-${end - 1}/${session.video_size}` }, body: bytes },
      this.ctx.signal,
    );
  }

  private result(session: TiktokSession): PublishResult {
    return { platformPostId: session.publish_id, url: null };
  }
}

export function tiktokPublisher(settings: TiktokSettings): SocialPublisher {
  return {
    publish(ctx, media, content) {
      return new DirectPost(settings, ctx, media, content).run();
    },

    async status(ctx, platformPostId): Promise<PublishStatus> {
      const data = await apiPost<StatusData>(settings, ctx, '/v2/post/publish/status/fetch/', { publish_id: platformPostId });
      if (data.status === 'FAILED') return { state: 'failed', error: publishFailure(data.fail_reason ?? null) };
      if (data.status !== 'PUBLISH_COMPLETE') return { state: 'processing' };
      // The link needs the username: creator_info has it. The post's own id arrives after moderation.
      const username = await fetchCreatorInfo(settings, ctx).then(
        (info) => info.creator_username,
        () => null,
      );
      if (!username) return { state: 'published', url: null };
      const postId = data.publicaly_available_post_id?.[0];
      const profile = profileUrl(settings, username);
      return { state: 'published', url: postId === undefined ? profile : `${profile}/video/${encodeURIComponent(String(postId))}` };
    },
  };
}
