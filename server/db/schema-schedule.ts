// Drizzle definition of the schedule feed tokens (migration 0009-schedule-feed): one secret
// calendar-feed token per user, stored as its sha256 only.
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, users } from './schema-users';

export const scheduleFeedTokens = pgTable(
  'schedule_feed_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the feed token; the token itself exists only in the URL the creator got. */
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('schedule_feed_tokens_hash_unique').on(t.tokenHash)],
);
export type ScheduleFeedTokenRow = typeof scheduleFeedTokens.$inferSelect;
