// Drizzle definitions of the built-in platform sandboxes' tables (migrations 0007 and 0012):
// accounts (each owned by one Reelflow user), browser sessions, hashed codes and tokens, resumable
// upload sessions and the videos their channels hold. Imports nothing from the other schema
// modules (the sandbox is its own "platform"); the owners' foreign keys to users are in the SQL.
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SandboxSimulation } from '../../contract/publishing';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    /** A channel id like YouTube's (UC + 22 characters). */
    id: text('id').primaryKey(),
    platform: text('platform').notNull(),
    /** The Reelflow user whose connect attempt created the channel: the only one it is ever shown or handed to. */
    ownerUserId: integer('owner_user_id').notNull(),
    /** Unique per platform and owner: another user's channel of the same name is another channel. */
    name: text('name').notNull(),
    /** `@name` style handle, unique per platform and owner. */
    handle: text('handle').notNull(),
    simulate: text('simulate').$type<SandboxSimulation>().notNull().default('ok'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_accounts_owner_name_unique').on(t.platform, t.ownerUserId, t.name),
    uniqueIndex('sandbox_accounts_owner_handle_unique').on(t.platform, t.ownerUserId, t.handle),
  ],
);
export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;

/** A browser signed in to one platform's sandbox as a Reelflow user (by its consent page). */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    /** sha256 hex of the cookie's value; the value itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    platform: text('platform').notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_sessions_expires_idx').on(t.expiresAt)],
);

export type SandboxTokenKind = 'code' | 'access' | 'refresh';

export const sandboxTokens = pgTable(
  'sandbox_tokens',
  {
    /** sha256 hex of the code or token; the value itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<SandboxTokenKind>().notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    grantId: text('grant_id').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    scope: text('scope').notNull().default(''),
    expiresAt: at('expires_at'),
    uses: integer('uses').notNull().default(0),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_tokens_grant_idx').on(t.grantId)],
);
export type SandboxTokenRow = typeof sandboxTokens.$inferSelect;

export const sandboxUploads = pgTable('sandbox_uploads', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  contentType: text('content_type').notNull(),
  totalBytes: bigint('total_bytes', { mode: 'number' }).notNull(),
  receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
  requests: integer('requests').notNull().default(0),
  postId: text('post_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type SandboxUploadRow = typeof sandboxUploads.$inferSelect;

export type SandboxPostStatus = 'processed' | 'rejected' | 'failed';

export const sandboxPosts = pgTable(
  'sandbox_posts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    uploadId: text('upload_id').notNull(),
    title: text('title').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    /** What processing ends in; until ready_at the video is still processing. */
    status: text('status').$type<SandboxPostStatus>().notNull().default('processed'),
    statusReason: text('status_reason'),
    readyAt: at('ready_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_posts_upload_unique').on(t.uploadId), index('sandbox_posts_account_idx').on(t.accountId, t.createdAt)],
);
export type SandboxPostRow = typeof sandboxPosts.$inferSelect;
