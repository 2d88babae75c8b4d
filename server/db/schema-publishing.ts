// Drizzle definitions of the publishing tables (migration 0007): social accounts, OAuth states,
// posts and their targets. The sandbox tables live in schema-sandbox.ts. Imports only
// schema-users.ts and schema-videos.ts (no import circle).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PostOptions, PostStatus, PublishErrorClass, SocialPlatform, TargetStatus } from '../../contract/publishing';
import { createdAtColumn, updatedAtColumn, users } from './schema-users';
import { aiVideos } from './schema-videos';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** The owning user; their rows go when they do. */
const ownerId = () => integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });

export type SocialAccountStatus = 'active' | 'reconnect';

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: ownerId(),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    platformAccountId: text('platform_account_id').notNull(),
    name: text('name').notNull(),
    handle: text('handle'),
    avatarUrl: text('avatar_url'),
    sandbox: boolean('sandbox').notNull().default(false),
    /** AES-256-GCM ciphertext (server/domain/social/token-crypto.ts); null once disconnected. */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: at('token_expires_at'),
    refreshExpiresAt: at('refresh_expires_at'),
    scope: text('scope'),
    status: text('status').$type<SocialAccountStatus>().notNull().default('active'),
    statusReason: text('status_reason'),
    lastRefreshedAt: at('last_refreshed_at'),
    disconnectedAt: at('disconnected_at'),
    connectedAt: at('connected_at').notNull().defaultNow(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('social_accounts_user_platform_account_unique').on(t.userId, t.platform, t.platformAccountId),
    index('social_accounts_user_connected_idx').on(t.userId, t.connectedAt.desc(), t.id.desc()),
  ],
);
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export const oauthStates = pgTable(
  'oauth_states',
  {
    /** sha256 hex of the state sent to the platform; the state itself is never stored. */
    stateHash: text('state_hash').primaryKey(),
    userId: ownerId(),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    path: text('path').notNull(),
    popup: boolean('popup').notNull().default(false),
    sandbox: boolean('sandbox').notNull().default(false),
    codeVerifier: text('code_verifier'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export const posts = pgTable(
  'posts',
  {
    /** Chosen by the client (uuid) so a post created offline keeps its id once synced. */
    id: uuid('id').primaryKey(),
    userId: ownerId(),
    videoId: uuid('video_id').references(() => aiVideos.id, { onDelete: 'set null' }),
    /** The video's version the post was made from (migration 0015); null: the version current when it publishes. */
    videoVersion: integer('video_version'),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    caption: text('caption').notNull().default(''),
    options: jsonb('options').$type<PostOptions>().notNull().default({}),
    scheduledAt: at('scheduled_at'),
    timezone: text('timezone'),
    publishedAt: at('published_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('posts_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
    index('posts_user_scheduled_idx').on(t.userId, t.scheduledAt),
  ],
);
export type PostRow = typeof posts.$inferSelect;

export const postTargets = pgTable(
  'post_targets',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    accountId: uuid('account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    accountName: text('account_name').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    status: text('status').$type<TargetStatus>().notNull().default('draft'),
    attempts: integer('attempts').notNull().default(0),
    /** The platform's upload session, saved before the first byte (resume, never re-upload). */
    uploadSession: text('upload_session'),
    uploadedBytes: bigint('uploaded_bytes', { mode: 'number' }).notNull().default(0),
    /** Recorded the moment the platform accepts the post; from then on it is never uploaded again. */
    platformPostId: text('platform_post_id'),
    url: text('url'),
    error: text('error'),
    errorCode: text('error_code'),
    errorClass: text('error_class').$type<PublishErrorClass>(),
    nextAttemptAt: at('next_attempt_at'),
    startedAt: at('started_at'),
    publishedAt: at('published_at'),
    failedAt: at('failed_at'),
    /** Taken off the failed-jobs list (migration 0013); cleared when the target is queued again. */
    failureDismissedAt: at('failure_dismissed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('post_targets_post_account_unique').on(t.postId, t.accountId),
    index('post_targets_user_failed_idx')
      .on(t.userId, t.failedAt.desc())
      .where(sql`status = 'failed'`),
    index('post_targets_account_status_idx').on(t.accountId, t.status),
  ],
);
export type PostTargetRow = typeof postTargets.$inferSelect;
