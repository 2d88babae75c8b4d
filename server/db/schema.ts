// Drizzle table definitions. They mirror the SQL of migrations/ (which is what actually creates
// the tables); keep both in step when a migration changes a table.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, users } from './schema-users';

// Every table module is re-exported here, so `from './schema'` keeps giving all of them. The
// modules themselves import only schema-users.ts (never this file): no import circle.
export * from './schema-users';

export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** sha256 hex of the secret part of `id|secret`; the secret itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.id)],
);

export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    /** sha256 hex of the normalised code; the code is shown once by the admin CLI. */
    codeHash: text('code_hash').notNull(),
    /** First group of the code, so an admin can recognise a licence without the full code. */
    displayPrefix: text('display_prefix').notNull(),
    plan: text('plan').notNull(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('licenses_code_hash_unique').on(t.codeHash)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  /** One live reset token per user: a new request replaces the old one. */
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAtColumn(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: createdAtColumn(),
});

// The creator's content (migration 0002) lives in its own module.
export * from './schema-content';
// The music library and scene media (migration 0005).
export * from './schema-media';
// AI videos (migration 0006).
export * from './schema-videos';

/** Rate-limit counters (migration 0003), see server/domain/rate-limits. */
export const rateLimits = pgTable('rate_limits', {
  bucketKey: text('bucket_key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
});
// Publishing: social accounts, OAuth states, posts and targets.
export * from './schema-publishing';
// The built-in platform sandboxes (migration 0007).
export * from './schema-sandbox';
// The schedule's calendar feed tokens (migration 0009-schedule-feed).
export * from './schema-schedule';
// Transcriptions (migration 0010-transcriptions).
export * from './schema-transcriptions';
// Series and their episodes (migration 0014-series).
export * from './schema-series';
