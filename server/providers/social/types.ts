// The social platform adapter (issue 9): one per platform, the same code against the real
// platform, its built-in sandbox (server/providers/social/sandbox) and the test fakes. Adapters
// speak HTTP through an injected `fetch`, so the in-process sandbox can be reached without a
// network (see SocialHttp). Error classes follow shared/reference/platforms.md "Classes".
import type { InstagramOptions, PublishErrorClass, SocialPlatform, TiktokOptions, YoutubeOptions } from '../../../contract/publishing';

/** The fetch an adapter uses: global fetch for real platforms, an in-process one for the sandbox. */
export type SocialHttp = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A platform refused or failed. `message` is plain language, safe to show a creator; `code` is the
 * platform's own machine code (e.g. `quotaExceeded`, `invalid_grant`), kept for the failed-jobs
 * list. `retryAfterSeconds`: when the platform said (Retry-After) or when a quota resets.
 */
export class SocialError extends Error {
  constructor(
    message: string,
    readonly errorClass: PublishErrorClass,
    readonly code: string | null = null,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SocialError';
  }

  /** Worth another attempt later without the creator doing anything. */
  get retryable(): boolean {
    return this.errorClass === 'retry' || this.errorClass === 'rate' || this.errorClass === 'quota';
  }
}

export interface OAuthTokens {
  accessToken: string;
  /** null when the platform sent none (a refresh usually does not): keep the stored one. */
  refreshToken: string | null;
  expiresAt: Date | null;
  /** When the refresh token itself is expected to lapse, if the platform says. */
  refreshExpiresAt: Date | null;
  scope: string | null;
}

export interface SocialProfile {
  platformAccountId: string;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
}

/** The connect half: OAuth 2 with PKCE where the platform supports it. */
export interface SocialOAuth {
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string | null }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string | null }): Promise<OAuthTokens>;
  /** Throws SocialError('disconnect') when the refresh token is dead (invalid_grant). */
  refresh(refreshToken: string): Promise<OAuthTokens>;
  profile(accessToken: string): Promise<SocialProfile>;
  /** Best effort on disconnect. */
  revoke(token: string): Promise<void>;
}

/** The file to publish, read in ranges (disk or S3 storage behind it). */
export interface PublishMedia {
  size: number;
  mimeType: string;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
  /**
   * A signed, expiring address of the file under APP_URL, for platforms that fetch the video
   * themselves (Instagram's URL-pull). Absent when the engine has no media URL signer.
   */
  publicUrl?(ttlSeconds: number): string;
}

export interface PublishContent {
  caption: string;
  youtube?: YoutubeOptions;
  tiktok?: TiktokOptions;
  instagram?: InstagramOptions;
}

/** What survives a crash between attempts: saved by the engine before the adapter goes on. */
export interface UploadCheckpoint {
  /** The platform's upload session (YouTube's resumable session URI). */
  session: string | null;
}

export interface PublishContext {
  /**
   * A valid access token. `forceRefresh` after a 401: refreshes once; throws SocialError
   * ('disconnect') when the account must be reconnected.
   */
  accessToken(options?: { forceRefresh?: boolean }): Promise<string>;
  checkpoint: UploadCheckpoint;
  /** Must be awaited before the first byte of a new session is sent. */
  saveCheckpoint(checkpoint: UploadCheckpoint, uploadedBytes: number): Promise<void>;
  /** Progress for the creator (bytes the platform confirmed). */
  onProgress?(uploadedBytes: number, totalBytes: number): void;
  signal?: AbortSignal;
}

export interface PublishResult {
  /** The platform's id of the new post: recorded at once, never uploaded again afterwards. */
  platformPostId: string;
  url: string | null;
}

export type PublishStatus =
  | { state: 'processing' }
  | { state: 'published'; url: string | null }
  | { state: 'failed'; error: SocialError };

/** The publish half, split as Postiz does: one mutation (upload), then cheap status polls. */
export interface SocialPublisher {
  /** Uploads (resuming ctx.checkpoint.session if set) and returns the platform's id. */
  publish(ctx: PublishContext, media: PublishMedia, content: PublishContent): Promise<PublishResult>;
  /** Processing state of a post the platform accepted. */
  status(ctx: Pick<PublishContext, 'accessToken' | 'signal'>, platformPostId: string): Promise<PublishStatus>;
}

export interface SocialPlatformAdapter {
  platform: SocialPlatform;
  /** True for the built-in sandbox (labelled "Sandbox" everywhere). */
  sandbox: boolean;
  oauth: SocialOAuth;
  publisher: SocialPublisher;
}

/** The adapters in use, by platform; a platform missing here is not available yet. */
export type SocialAdapters = Partial<Record<SocialPlatform, SocialPlatformAdapter>>;
