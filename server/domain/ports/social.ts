// The social platform port: what the domain asks of a platform adapter (one per platform; the
// same adapter code runs against the real platform, the built-in sandbox in server/sandbox and
// the test fakes). The domain owns these types; adapters in server/providers/social implement
// them and import this module with `import type` only. Error classes follow
// shared/reference/platforms.md "Classes".
import { PUBLISH_ERROR_CLASSES, type InstagramOptions, type PublishErrorClass, type SocialPlatform, type TiktokOptions, type TiktokPrivacyLevel, type YoutubeOptions } from '../../../contract/publishing';

/** The fetch an adapter uses: global fetch for real platforms, an in-process one for the sandbox. */
export type SocialHttp = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A platform refused or failed. `message` is plain language, safe to show a creator; `code` is the
 * platform's own machine code (e.g. `quotaExceeded`, `invalid_grant`), kept for the failed-jobs
 * list. `retryAfterSeconds`: when the platform said (Retry-After) or when a quota resets.
 */
export interface SocialFailure extends Error {
  readonly errorClass: PublishErrorClass;
  readonly code: string | null;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  /** Worth another attempt later without the creator doing anything. */
  readonly retryable: boolean;
}

/** The `name` every social failure carries, whichever side of the port made it. */
export const SOCIAL_ERROR_NAME = 'SocialError';

/** Worth another attempt later without the creator doing anything. */
export const isRetryableClass = (errorClass: PublishErrorClass) => errorClass === 'retry' || errorClass === 'rate' || errorClass === 'quota';

export function isSocialError(value: unknown): value is SocialFailure {
  return (
    value instanceof Error &&
    value.name === SOCIAL_ERROR_NAME &&
    (PUBLISH_ERROR_CLASSES as readonly unknown[]).includes((value as Partial<SocialFailure>).errorClass)
  );
}

/**
 * The domain's own social failure (a disconnected account, a preflight refusal…). Adapters cannot
 * import this class (they see the domain through types only) and throw their own SocialFailure:
 * `instanceof SocialError` therefore checks the shape, so either side's failure passes it.
 */
export class SocialError extends Error implements SocialFailure {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isSocialError(value);
  }

  constructor(
    message: string,
    readonly errorClass: PublishErrorClass,
    readonly code: string | null = null,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = SOCIAL_ERROR_NAME;
  }

  get retryable(): boolean {
    return isRetryableClass(this.errorClass);
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
  /** Throws a SocialFailure ('disconnect') when the refresh token is dead (invalid_grant). */
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
   * A valid access token. `forceRefresh` after a 401: refreshes once; throws a SocialFailure
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

/** What a call made with the account's token needs: the token source and the caller's signal. */
export type TokenContext = Pick<PublishContext, 'accessToken' | 'signal'>;

export interface PublishResult {
  /** The platform's id of the new post: recorded at once, never uploaded again afterwards. */
  platformPostId: string;
  url: string | null;
}

export type PublishStatus =
  | { state: 'processing' }
  | { state: 'published'; url: string | null }
  | { state: 'failed'; error: SocialFailure };

/** The publish half, split as Postiz does: one mutation (upload), then cheap status polls. */
export interface SocialPublisher {
  /** Uploads (resuming ctx.checkpoint.session if set) and returns the platform's id. */
  publish(ctx: PublishContext, media: PublishMedia, content: PublishContent): Promise<PublishResult>;
  /** Processing state of a post the platform accepted. */
  status(ctx: TokenContext, platformPostId: string): Promise<PublishStatus>;
}

/** What a creator may choose for a post on this account (TikTok's creator_info). */
export interface CreatorInfo {
  creator_avatar_url: string | null;
  creator_username: string | null;
  creator_nickname: string | null;
  privacy_level_options: TiktokPrivacyLevel[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  max_video_post_duration_sec: number | null;
}

export interface SocialPlatformAdapter {
  platform: SocialPlatform;
  /** True for the built-in sandbox (labelled "Sandbox" everywhere). */
  sandbox: boolean;
  oauth: SocialOAuth;
  publisher: SocialPublisher;
  /**
   * Optional: the account's posting options, asked before every post form (TikTok requires it;
   * platforms without such a call leave it out).
   */
  creatorInfo?(ctx: TokenContext): Promise<CreatorInfo>;
}

/** The adapters in use, by platform; a platform missing here is not available yet. */
export type SocialAdapters = Partial<Record<SocialPlatform, SocialPlatformAdapter>>;
