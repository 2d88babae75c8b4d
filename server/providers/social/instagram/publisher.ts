// Instagram Reels by URL-pull (reference/platforms.md §3 "URL-pull publish"): check the account's
// publishing limit, create a REELS container whose video_url is a signed, expiring address of our
// media, save the container id as the checkpoint before anything is published, poll its
// status_code (IN_PROGRESS → FINISHED / ERROR / EXPIRED / PUBLISHED), then media_publish.
//
// Exactly one post: with a container in the checkpoint, its status decides — FINISHED is
// published, PUBLISHED means an earlier media_publish went through (its answer was lost), so the
// post is looked up instead of published again; only ERROR and EXPIRED start a new container.
import type { PublishContent, PublishContext, PublishMedia, PublishResult, PublishStatus, SocialPublisher } from '../../../domain/ports/social';
import { isSocialFailure, PlatformError } from '../base/platform-error';
import { sleep, withRetries } from '../base/http';
import { graphCall, type InstagramSettings } from './client';
import { classify, containerSubcode, RETRY_ONCE_SUBCODE, RETRY_WITH_NEW_CONTAINER } from './errors';
import { assertPublicAppUrl } from './public-url';

type TokenContext = Pick<PublishContext, 'accessToken' | 'signal'>;

/** New containers one publish call may start after ERROR/EXPIRED before handing back to the engine. */
const MAX_NEW_CONTAINERS = 2;
/** Instagram's caption limit. */
const MAX_CAPTION = 2200;
/** How many of the account's newest media are searched for a Reel published without its answer. */
const LOOKUP_LIMIT = 25;

export type ContainerStatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
const STATUS_CODES = new Set<string>(['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED']);

interface ContainerState {
  code: ContainerStatusCode;
  status: string | null;
}

const idOf = (body: unknown): string | null => {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
};

/** The publishing limit answer: `{data:[{config:{quota_total,quota_duration},quota_usage}]}`. */
export function limitFrom(body: unknown): { used: number; total: number; windowSeconds: number } | null {
  const entry = (body as { data?: Array<{ config?: { quota_total?: unknown; quota_duration?: unknown }; quota_usage?: unknown }> } | null)?.data?.[0];
  const total = entry?.config?.quota_total;
  const used = entry?.quota_usage;
  if (typeof total !== 'number' || typeof used !== 'number') return null;
  const duration = entry?.config?.quota_duration;
  return { used, total, windowSeconds: typeof duration === 'number' && duration > 0 ? duration : 24 * 3600 };
}

class ReelPublish {
  private userId: string | null = null;

  constructor(
    private readonly settings: InstagramSettings,
    private readonly ctx: PublishContext,
    private readonly media: PublishMedia,
    private readonly content: PublishContent,
  ) {}

  private call(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}): Promise<unknown> {
    return withRetries(this.settings, this.ctx.signal, () => graphCall(this.settings, this.ctx, method, `${this.settings.endpoints.apiBase}${path}`, params));
  }

  async run(): Promise<PublishResult> {
    let container = this.ctx.checkpoint.session;
    let newContainers = 0;
    let retriedOnce = false;
    let lostAnswers = 0;
    for (;;) {
      this.ctx.signal?.throwIfAborted();
      if (!container) {
        if (newContainers++ >= MAX_NEW_CONTAINERS) throw new PlatformError('Instagram keeps failing to prepare the Reel; it will be tried again later.', 'retry', 'container_failed');
        container = await this.createContainer();
        // Saved before anything can be published: a crash from here on resumes this container.
        await this.ctx.saveCheckpoint({ session: container }, 0);
      }
      const state = await this.waitForContainer(container);
      if (state.code === 'PUBLISHED') return this.result(await this.findPublished());
      if (state.code === 'FINISHED') {
        const published = await this.publishContainer(container);
        if (published) return this.result(published);
        if (++lostAnswers >= this.settings.maxTries) throw new PlatformError('Instagram did not answer the publish request; it will be checked again shortly.', 'retry', 'publish_unanswered');
        continue; // The answer was lost: the container's status tells whether it went through.
      }
      // ERROR or EXPIRED: never published (PUBLISHED would say so), so a new container is safe.
      if (state.code === 'ERROR') {
        const subcode = containerSubcode(state.status);
        const retryable = subcode === null || RETRY_WITH_NEW_CONTAINER.has(subcode) || (subcode === RETRY_ONCE_SUBCODE && !retriedOnce);
        if (subcode === RETRY_ONCE_SUBCODE) retriedOnce = true;
        if (!retryable) {
          const { message } = classify(null, subcode, false);
          throw new PlatformError(subcode === RETRY_ONCE_SUBCODE ? 'Instagram could not process the video twice in a row.' : message, 'bad', subcode === null ? 'container_error' : String(subcode));
        }
      }
      await this.ctx.saveCheckpoint({ session: null }, 0);
      container = null;
    }
  }

  private async igUserId(): Promise<string> {
    if (this.userId) return this.userId;
    const body = (await this.call('GET', '/me', { fields: 'user_id,username' })) as { user_id?: unknown; id?: unknown } | null;
    const id = body?.user_id ?? body?.id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new PlatformError('Instagram did not say which account this is.', 'retry', 'no_user_id');
    this.userId = String(id);
    return this.userId;
  }

  /** The account's publishing limit, read from Instagram (25, 50 or 100 a day depending on the source [?]). */
  private async checkLimit(userId: string): Promise<void> {
    const limit = limitFrom(await this.call('GET', `/${userId}/content_publishing_limit`, { fields: 'config,quota_usage' }));
    if (limit && limit.used >= limit.total) {
      // A rolling window: the oldest post of the window leaves it at the latest one window from now.
      throw new PlatformError(
        `This Instagram account reached its publishing limit (${limit.total} posts in 24 hours); the post will be tried again later.`,
        'quota',
        'publishing_limit',
        null,
        limit.windowSeconds,
      );
    }
  }

  private async createContainer(): Promise<string> {
    if (!this.media.publicUrl) throw new PlatformError('This server cannot give Instagram an address of the video.', 'policy', 'no_media_url');
    const videoUrl = this.media.publicUrl(this.settings.mediaUrlTtlSeconds);
    if (!this.settings.sandbox) assertPublicAppUrl(videoUrl);
    const userId = await this.igUserId();
    await this.checkLimit(userId);
    const options = this.content.instagram;
    const params: Record<string, string> = {
      media_type: 'REELS',
      video_url: videoUrl,
      caption: [...this.content.caption].slice(0, MAX_CAPTION).join(''),
      share_to_feed: String(options?.share_to_feed ?? true),
      ...(options?.thumb_offset_ms !== undefined ? { thumb_offset: String(options.thumb_offset_ms) } : {}),
    };
    // Retried on a lost answer like any call: the extra container is never published and simply
    // expires after 24 h (only the one saved in the checkpoint is ever published).
    const body = await this.call('POST', `/${userId}/media`, params);
    const id = idOf(body);
    if (!id) throw new PlatformError('Instagram did not create the Reel container.', 'retry', 'no_container_id');
    return id;
  }

  /** Polls the container until it leaves IN_PROGRESS (or the polls of this call are spent). */
  private async waitForContainer(container: string): Promise<ContainerState> {
    for (let poll = 1; ; poll++) {
      const body = (await this.call('GET', `/${container}`, { fields: 'status_code,status' })) as { status_code?: unknown; status?: unknown } | null;
      const code = typeof body?.status_code === 'string' && STATUS_CODES.has(body.status_code) ? (body.status_code as ContainerStatusCode) : 'IN_PROGRESS';
      if (code !== 'IN_PROGRESS') return { code, status: typeof body?.status === 'string' ? body.status : null };
      this.ctx.onProgress?.(0, this.media.size);
      if (poll >= this.settings.maxPolls) {
        throw new PlatformError('Instagram is still processing the Reel; it will be checked again shortly.', 'retry', 'container_in_progress', null, Math.ceil(this.settings.pollIntervalMs / 1000));
      }
      await sleep(this.settings.pollIntervalMs, this.ctx.signal);
    }
  }

  /** media_publish: the media id, or null when the answer was lost (outcome unknown). */
  private async publishContainer(container: string): Promise<string | null> {
    const userId = await this.igUserId();
    try {
      const body = await graphCall(this.settings, this.ctx, 'POST', `${this.settings.endpoints.apiBase}/${userId}/media_publish`, { creation_id: container });
      const id = idOf(body);
      if (!id) throw new PlatformError('Instagram published without naming the post.', 'retry', 'no_media_id');
      return id;
    } catch (error) {
      if (isSocialFailure(error) && error.errorClass === 'retry') {
        await sleep(this.settings.backoffMs(1), this.ctx.signal);
        return null;
      }
      throw error;
    }
  }

  /**
   * The container says PUBLISHED but the media id was lost with media_publish's answer. Instagram
   * does not link a container to its media [?], so the newest media with this caption is it.
   */
  private async findPublished(): Promise<string> {
    const userId = await this.igUserId();
    const body = (await this.call('GET', `/${userId}/media`, { fields: 'id,caption,timestamp', limit: String(LOOKUP_LIMIT) })) as { data?: Array<{ id?: unknown; caption?: unknown }> } | null;
    const caption = [...this.content.caption].slice(0, MAX_CAPTION).join('');
    const match = (body?.data ?? []).find((item) => (typeof item.caption === 'string' ? item.caption : '') === caption);
    const id = match ? idOf(match) : null;
    if (!id) throw new PlatformError('Instagram published the Reel, but we could not find it on the account. Check the account; it will not be posted again.', 'policy', 'published_not_found');
    return id;
  }

  private result(mediaId: string): PublishResult {
    this.ctx.onProgress?.(this.media.size, this.media.size);
    return { platformPostId: mediaId, url: null };
  }
}

export function instagramPublisher(settings: InstagramSettings): SocialPublisher {
  return {
    publish(ctx: PublishContext, media: PublishMedia, content: PublishContent): Promise<PublishResult> {
      return new ReelPublish(settings, ctx, media, content).run();
    },

    async status(ctx: TokenContext, platformPostId): Promise<PublishStatus> {
      try {
        const body = (await graphCall(settings, ctx, 'GET', `${settings.endpoints.apiBase}/${encodeURIComponent(platformPostId)}`, { fields: 'permalink' })) as { permalink?: unknown } | null;
        return { state: 'published', url: typeof body?.permalink === 'string' ? body.permalink : null };
      } catch (error) {
        // 100/33: the object does not exist (deleted on Instagram).
        if (isSocialFailure(error) && error.code === '100/33') return { state: 'failed', error: new PlatformError('The Reel was deleted from Instagram.', 'bad', error.code, error.status) };
        throw error;
      }
    },
  };
}
