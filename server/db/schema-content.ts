// Drizzle definitions of the creator's content tables (migrations 0002, 0003). Re-exported by schema.ts.
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-users';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const scripts = pgTable(
  'scripts',
  {
    /** Chosen by the client (uuid) so a script written offline keeps its id once synced. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    prompt: text('prompt'),
    language: text('language').notNull().default('english'),
    videoDuration: integer('video_duration'),
    wordCount: integer('word_count').notNull().default(0),
    /** 'openai-compatible' | 'offline-writer' | 'manual'. */
    source: text('source').notNull(),
    ...timestamps,
  },
  (t) => [index('scripts_user_list_order_idx').on(t.userId, t.updatedAt.desc(), t.id.desc())],
);

/** Bumped by a trigger on every change to a user's scripts (migration 0003); see list-cache.ts. */
export const scriptListVersions = pgTable('script_list_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: text('response_body').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const errorLogs = pgTable('error_logs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  message: text('message').notNull(),
  occurrences: integer('occurrences').notNull().default(1),
  userAgent: text('user_agent'),
  createdAt: timestamps.createdAt,
});

export type ScriptRow = typeof scripts.$inferSelect;
