// YouTube's resumable upload (reference/platforms.md §1): the session address is saved before the
// first byte, chunks go out in multiples of 256 KiB with Content-Range, 308 + Range says where to
// go on, and every doubt (a dropped connection, a 5xx, a restart) is settled by a status probe
// `Content-Range: bytes */TOTAL` — so a video the platform already holds is never sent again.
import type { PublishContent, PublishContext, PublishMedia, PublishResult, PublishStatus, SocialPublisher } from '../../../domain/ports/social';
import { uploadChunks, type ChunkedUpload, type UploadState } from '../base/chunked-upload';
import { PlatformError } from '../base/platform-error';
import { authorizedRequestFor, withRetries } from '../base/http';
import { failure, readBody, send, watchUrl, type YoutubeSettings } from './client';
import { processingFailure, youtubeError } from './errors';


/** Sessions started afresh in one publish after 404s, before giving up (a platform that loses every session). */
const MAX_NEW_SESSIONS = 2;

/** A request with the account's token, refreshed once after a 401 (base/http authorizedRequestFor). */
export const authorizedRequest = authorizedRequestFor(send, youtubeError, 'YouTube refused this account even with a fresh sign-in. Reconnect the account.');

/** Inclusive end of `Range: bytes=0-N` plus one; 0 when the header is missing (nothing stored). */
function nextOffset(response: Response): number {
  const match = /^(?:bytes=)?(\d+)-(\d+)$/.exec(response.headers.get('range')?.trim() ?? '');
  return match ? Number(match[2]) + 1 : 0;
}

function titleFrom(content: PublishContent): string {
  const given = content.youtube?.title?.trim();
  if (given) return given;
  const firstLine = content.caption.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  const cleaned = firstLine.replace(/[<>]/g, '').slice(0, 100).trim();
  return cleaned || 'New video';
}

/** The video resource of videos.insert (snippet + status). */
export function videoResource(content: PublishContent): Record<string, unknown> {
  const options = content.youtube;
  return {
    snippet: {
      title: titleFrom(content),
      description: options?.description?.trim() ? options.description : content.caption.replace(/[<>]/g, ''),
      tags: options?.tags ?? [],
      categoryId: options?.category_id ?? '22',
    },
    status: {
      privacyStatus: options?.privacy ?? 'public',
      selfDeclaredMadeForKids: options?.made_for_kids ?? false,
      containsSyntheticMedia: options?.ai_disclosure ?? true,
    },
  };
}

async function videoIdFrom(response: Response): Promise<string> {
  const body = (await readBody(response)) as { id?: unknown } | null;
  if (typeof body?.id !== 'string' || body.id === '') throw new PlatformError('YouTube finished the upload without naming the video.', 'retry', 'no_video_id', response.status);
  return body.id;
}

/**
 * How a session stands after a chunk or a probe: 200/201 name the video, 308 + Range tell how many
 * bytes YouTube holds, 404/410 mean the session is gone; anything else is the platform's error.
 */
async function sessionState(settings: YoutubeSettings, response: Response): Promise<UploadState<string>> {
  if (response.status === 200 || response.status === 201) return { kind: 'done', value: await videoIdFrom(response) };
  if (response.status === 308) return { kind: 'offset', offset: nextOffset(response) };
  if (response.status === 404 || response.status === 410) return { kind: 'lost' };
  throw await failure(settings, response);
}

class ResumableUpload {
  private readonly total: number;
  private readonly uploadContentType: string;

  constructor(
    private readonly settings: YoutubeSettings,
    private readonly ctx: PublishContext,
    private readonly media: PublishMedia,
    private readonly content: PublishContent,
  ) {
    this.total = media.size;
    this.uploadContentType = /^video\/[\w.+-]+$/.test(media.mimeType) ? media.mimeType : 'application/octet-stream';
  }

  async run(): Promise<PublishResult> {
    if (this.total <= 0) throw new PlatformError('YouTube received an empty file.', 'bad', 'emptyFile');
    let session = this.ctx.checkpoint.session;
    let state: UploadState<string> = session ? await this.probe(session) : { kind: 'lost' };
    let newSessions = 0;
    // A byte of the last chunk may have reached YouTube without its answer reaching us: from then
    // on a lost session cannot prove the video is not there, so no new session is started.
    let finalSent = false;
    for (;;) {
      if (session && state.kind !== 'lost') {
        const outcome = await uploadChunks(this.chunks(session), state, this.settings, this.ctx.signal);
        if (outcome.kind === 'done') return this.result(outcome.value);
        finalSent ||= outcome.finalSent;
      }
      if (finalSent) {
        throw new PlatformError('YouTube lost the upload after its last part was sent; check the channel before posting again.', 'policy', 'session_lost_after_upload');
      }
      if (newSessions++ >= MAX_NEW_SESSIONS) throw new PlatformError('YouTube keeps losing the upload; it will be tried again later.', 'retry', 'session_expired');
      // The expired session is cleared before a new one exists, so a crash right here starts clean.
      if (session) await this.ctx.saveCheckpoint({ session: null }, 0);
      session = await this.startSession();
      await this.ctx.saveCheckpoint({ session }, 0);
      state = { kind: 'offset', offset: 0 };
    }
  }

  /** The session as a chunked upload: chunks of `chunkSize` (a multiple of 256 KiB) with Content-Range. */
  private chunks(session: string): ChunkedUpload<string> {
    return {
      total: this.total,
      chunkStart: (offset) => offset,
      chunkEnd: (start) => Math.min(start + this.settings.chunkSize, this.total),
      sendChunk: async (start, end) => sessionState(this.settings, await this.put(session, await this.media.read(start, end), `bytes ${start}-${end - 1}/${this.total}`)),
      probe: () => this.probe(session),
      saveOffset: (offset) => this.ctx.saveCheckpoint({ session }, offset),
      onProgress: (sent, total) => this.ctx.onProgress?.(sent, total),
      stalled: () => new PlatformError('YouTube stopped taking the upload; it will be tried again later.', 'retry', 'upload_stalled'),
      incomplete: () => new PlatformError('YouTube holds the whole file but did not finish the upload.', 'retry', 'upload_incomplete'),
    };
  }

  /** The status probe (an empty PUT naming only the total), retried while the answer is a dropped connection or a 5xx. */
  private probe(session: string): Promise<UploadState<string>> {
    return withRetries(this.settings, this.ctx.signal, async () => sessionState(this.settings, await this.put(session, new Uint8Array(0), `bytes */${this.total}`)));
  }

  private put(session: string, bytes: Uint8Array, contentRange: string): Promise<Response> {
    return authorizedRequest(this.settings, this.ctx, session, {
      method: 'PUT',
      headers: { 'content-range': contentRange, 'content-type': this.uploadContentType },
      body: bytes,
    });
  }

  /** videos.insert with uploadType=resumable: answers 200 with the session in Location. */
  private startSession(): Promise<string> {
    const url = `${this.settings.endpoints.uploadBase}/videos?uploadType=resumable&part=snippet,status`;
    return withRetries(this.settings, this.ctx.signal, async () => {
      const response = await authorizedRequest(this.settings, this.ctx, url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(this.total),
          'x-upload-content-type': this.uploadContentType,
        },
        body: JSON.stringify(videoResource(this.content)),
      });
      if (!response.ok) throw await failure(this.settings, response);
      const location = response.headers.get('location');
      await response.body?.cancel().catch(() => undefined);
      if (!location) throw new PlatformError('YouTube did not open an upload session.', 'retry', 'no_session', response.status);
      return new URL(location, url).toString();
    });
  }

  private result(videoId: string): PublishResult {
    return { platformPostId: videoId, url: watchUrl(this.settings, videoId) };
  }
}

interface VideosAnswer {
  items?: Array<{
    id?: string;
    status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
    processingDetails?: { processingStatus?: string; processingFailureReason?: string };
  }>;
}

export function youtubePublisher(settings: YoutubeSettings): SocialPublisher {
  return {
    publish(ctx: PublishContext, media: PublishMedia, content: PublishContent): Promise<PublishResult> {
      return new ResumableUpload(settings, ctx, media, content).run();
    },

    async status(ctx, platformPostId): Promise<PublishStatus> {
      const url = `${settings.endpoints.apiBase}/videos?part=status,processingDetails&id=${encodeURIComponent(platformPostId)}`;
      const response = await authorizedRequest(settings, ctx, url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw await failure(settings, response);
      const video = ((await readBody(response)) as VideosAnswer | null)?.items?.find((item) => item.id === platformPostId);
      if (!video) return { state: 'failed', error: processingFailure('deleted', null) };
      const uploadStatus = video.status?.uploadStatus ?? 'uploaded';
      if (uploadStatus === 'processed') return { state: 'published', url: watchUrl(settings, platformPostId) };
      if (uploadStatus === 'failed') return { state: 'failed', error: processingFailure('failed', video.status?.failureReason ?? null) };
      if (uploadStatus === 'rejected') return { state: 'failed', error: processingFailure('rejected', video.status?.rejectionReason ?? null) };
      if (uploadStatus === 'deleted') return { state: 'failed', error: processingFailure('deleted', null) };
      const processing = video.processingDetails?.processingStatus;
      if (processing === 'failed' || processing === 'terminated') {
        return { state: 'failed', error: processingFailure('failed', video.processingDetails?.processingFailureReason ?? null) };
      }
      return { state: 'processing' };
    },
  };
}
