// Test doubles and seeds for the posts API and the publish engine: a scripted platform
// adapter that implements SocialPlatformAdapter honestly (resumable sessions, uploads and posts
// kept in memory, failures on request, uploads counted), access tokens that can be told to fail
// like a revoked refresh token, a scheduler that only records, and rows the tests start from.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SocialPlatform } from '../../contract/publishing';
import type { Db } from '../../server/db/client';
import { socialAccounts, users } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import { blockAccountTargets } from '../../server/domain/publishing/targets';
import type { AccountTokenService, PublishScheduler } from '../../server/domain/social/types';
import type { MediaStorage } from '../../server/media/storage/types';
import {
  SocialError,
  type PublishContent,
  type PublishContext,
  type PublishMedia,
  type PublishResult,
  type PublishStatus,
  type SocialPlatformAdapter,
} from '../../server/domain/ports/social';

/** Where in an upload a scripted failure strikes. */
export type FailurePoint = 'start' | 'checkpoint' | 'midway';
export interface ScriptedFailure {
  at: FailurePoint;
  /** What is thrown; 'hang' never settles (the process "died" there). */
  error: Error | 'hang';
}

interface Session {
  id: string;
  total: number;
  received: Buffer[];
  receivedBytes: number;
  content: PublishContent;
  postId: string | null;
}

export interface PlatformPost {
  id: string;
  title: string | null;
  caption: string;
  bytes: Buffer;
  /** Status polls answered 'processing' before 'published'. */
  pollsLeft: number;
  outcome: 'published' | SocialError;
}

/** A platform in memory, speaking the adapter interface the way the real one does. */
export class ScriptedAdapter implements SocialPlatformAdapter {
  readonly sandbox = false;
  /** Upload sessions ever opened: "uploads" in the platform's sense. */
  uploadsStarted = 0;
  publishCalls = 0;
  readonly sessions = new Map<string, Session>();
  readonly posts = new Map<string, PlatformPost>();
  failNext: ScriptedFailure[] = [];
  /** How many polls a new post stays 'processing'. */
  processingPolls = 1;
  /** What processing ends in for the next posts (e.g. a rejected media). */
  processingOutcome: 'published' | SocialError = 'published';
  /** Status polls fail with this (once each). */
  statusFailures: Error[] = [];
  /** Chunk size of the simulated upload. */
  chunkBytes = 4;
  /** Tokens the adapter was given (to check the engine asks the token service). */
  readonly tokensSeen: string[] = [];
  /** Resolves the next time an upload has sent its first chunk (for concurrency tests). */
  uploadGate: Promise<void> | null = null;

  constructor(readonly platform: SocialPlatform = 'youtube') {}

  readonly oauth = {
    authorizationUrl: () => 'https://scripted.invalid/authorize',
    exchangeCode: () => Promise.reject(new Error('not used by these tests')),
    refresh: () => Promise.reject(new Error('not used by these tests')),
    profile: () => Promise.reject(new Error('not used by these tests')),
    revoke: () => Promise.resolve(),
  };

  private failureAt(point: FailurePoint): Promise<never> | null {
    const next = this.failNext[0];
    if (!next || next.at !== point) return null;
    this.failNext.shift();
    if (next.error === 'hang') return new Promise<never>(() => {});
    return Promise.reject(next.error);
  }

  readonly publisher = {
    publish: async (ctx: PublishContext, media: PublishMedia, content: PublishContent): Promise<PublishResult> => {
      this.publishCalls++;
      this.tokensSeen.push(await ctx.accessToken());
      const start = this.failureAt('start');
      if (start) return start;
      let session = ctx.checkpoint.session ? this.sessions.get(ctx.checkpoint.session) : undefined;
      if (session?.postId) {
        // The status probe of a resumed session: the platform already holds the post.
        return { platformPostId: session.postId, url: `https://scripted.invalid/watch/${session.postId}` };
      }
      if (!session) {
        session = { id: `session-${randomUUID()}`, total: media.size, received: [], receivedBytes: 0, content, postId: null };
        this.sessions.set(session.id, session);
        this.uploadsStarted++;
        await ctx.saveCheckpoint({ session: session.id }, 0);
      }
      const checkpoint = this.failureAt('checkpoint');
      if (checkpoint) return checkpoint;
      let chunks = 0;
      while (session.receivedBytes < session.total) {
        const end = Math.min(session.total, session.receivedBytes + this.chunkBytes);
        const bytes = await media.read(session.receivedBytes, end);
        session.received.push(Buffer.from(bytes));
        session.receivedBytes = end;
        ctx.onProgress?.(session.receivedBytes, session.total);
        chunks++;
        if (chunks === 1) {
          if (this.uploadGate) await this.uploadGate;
          const midway = this.failureAt('midway');
          if (midway) return midway;
        }
      }
      const id = `post-${this.posts.size + 1}`;
      session.postId = id;
      this.posts.set(id, {
        id,
        title: content.youtube?.title ?? null,
        caption: content.caption,
        bytes: Buffer.concat(session.received),
        pollsLeft: this.processingPolls,
        outcome: this.processingOutcome,
      });
      return { platformPostId: id, url: `https://scripted.invalid/watch/${id}` };
    },
    status: async (ctx: Pick<PublishContext, 'accessToken'>, platformPostId: string): Promise<PublishStatus> => {
      await ctx.accessToken();
      const failure = this.statusFailures.shift();
      if (failure) throw failure;
      const post = this.posts.get(platformPostId);
      if (!post) throw new SocialError('The platform has no such video.', 'bad', 'videoNotFound', 404);
      if (post.pollsLeft > 0) {
        post.pollsLeft--;
        return { state: 'processing' };
      }
      if (post.outcome === 'published') return { state: 'published', url: `https://scripted.invalid/watch/${post.id}` };
      return { state: 'failed', error: post.outcome };
    },
  };
}

/**
 * Access tokens as the accounts half hands them out. `revoked` accounts fail the way a dead
 * refresh token does: the account is marked 'reconnect', its queued targets blocked, and
 * SocialError('disconnect') thrown.
 */
export class FakeAccountTokens implements AccountTokenService {
  readonly revoked = new Set<string>();
  calls = 0;

  constructor(private readonly db: () => Db) {}

  async accessToken(accountId: string): Promise<string> {
    this.calls++;
    if (this.revoked.has(accountId)) {
      await this.db().update(socialAccounts).set({ status: 'reconnect', statusReason: 'The refresh token was revoked.' }).where(eq(socialAccounts.id, accountId));
      await blockAccountTargets(this.db(), accountId);
      throw new SocialError('Reconnect the account to publish.', 'disconnect', 'invalid_grant', 400);
    }
    return `token-for-${accountId}`;
  }
}

/** A scheduler that only writes down what it was asked (tests drive runTarget themselves). */
export class RecordingScheduler implements PublishScheduler {
  readonly calls: { targetId: string; at: Date | null }[] = [];
  schedule(targetId: string, at: Date | null): Promise<void> {
    this.calls.push({ targetId, at });
    return Promise.resolve();
  }
  lastFor(targetId: string) {
    return this.calls.filter((call) => call.targetId === targetId).at(-1);
  }
}

/** Gives the user a plan that may publish. */
export async function allowPublishing(db: Db, userId: number, plan = 'creator'): Promise<void> {
  await db.update(users).set({ plan }).where(eq(users.id, userId));
}

export const VIDEO_BYTES = Buffer.from('a small finished video, nineteen chunks of four bytes or so, no more');

/** A finished video of the user, its file in storage (as the render pipeline leaves it). */
export async function seedVideo(db: Db, storage: MediaStorage, userId: number, options: { title?: string; status?: 'completed' | 'failed' | 'processing'; error?: string; bytes?: Buffer } = {}) {
  const id = randomUUID();
  // The benchmark publishes a real mp4; the tests' few bytes are enough for everything else.
  const bytes = options.bytes ?? VIDEO_BYTES;
  const status = options.status ?? 'completed';
  const videoKey = `users/${userId}/videos/${id}/video.mp4`;
  const thumbnailKey = `users/${userId}/videos/${id}/thumbnail.jpg`;
  if (status === 'completed') {
    await storage.putBuffer(videoKey, bytes, 'video/mp4');
    await storage.putBuffer(thumbnailKey, Buffer.from('thumbnail'), 'image/jpeg');
  }
  const stages = ['script', 'scenes', 'voice', 'visuals', 'music', 'captions', 'render'].map((name) => ({
    name,
    status: status === 'completed' ? 'done' : status === 'failed' && name === 'voice' ? 'failed' : name === 'script' || name === 'scenes' ? 'done' : 'pending',
    error: status === 'failed' && name === 'voice' ? (options.error ?? 'The voice provider failed.') : null,
  }));
  await db.insert(aiVideos).values({
    id,
    userId,
    title: options.title ?? 'Octopus facts',
    status,
    progress: status === 'completed' ? 100 : 40,
    stages: stages as never,
    settings: {} as never,
    error: status === 'failed' ? (options.error ?? 'The voice provider failed.') : null,
    ...(status === 'completed' ? { videoKey, thumbnailKey, duration: 12.5, width: 1080, height: 1920, sizeBytes: bytes.length } : {}),
  });
  return { id, videoKey };
}

/** A connected account of the user (what the accounts half stores after OAuth). */
export async function seedAccount(db: Db, userId: number, options: { name?: string; platform?: SocialPlatform; status?: 'active' | 'reconnect'; disconnected?: boolean; sandbox?: boolean } = {}) {
  const id = randomUUID();
  await db.insert(socialAccounts).values({
    id,
    userId,
    platform: options.platform ?? 'youtube',
    platformAccountId: `channel-${id}`,
    name: options.name ?? 'My channel',
    sandbox: options.sandbox ?? false,
    accessTokenEnc: 'encrypted',
    refreshTokenEnc: 'encrypted',
    status: options.status ?? 'active',
    ...(options.disconnected ? { disconnectedAt: sql`now()` as never, accessTokenEnc: null, refreshTokenEnc: null } : {}),
  });
  return id;
}
