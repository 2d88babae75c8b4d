// Drizzle table definitions. They mirror the SQL of migrations/ (which is what actually creates
// the tables); keep both in step when a migration changes a table.
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-case (the request schema lowercases), unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan').notNull(),
    credits: integer('credits').notNull().default(0),
    hasPaymentApproval: boolean('has_payment_approval').notNull().default(false),
    skipPaymentApproval: boolean('skip_payment_approval').notNull().default(false),
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    /** JSON text as the payment provider returned it, or null. */
    paymentApprovalMeta: text('payment_approval_meta'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

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
    createdAt: createdAt(),
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
    createdAt: createdAt(),
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
    createdAt: createdAt(),
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
  createdAt: createdAt(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;

// The creator's content (migration 0002) lives in its own module.
export * from './schema-content';

/** Rate-limit counters (migration 0003), see server/domain/rate-limits. */
export const rateLimits = pgTable('rate_limits', {
  bucketKey: text('bucket_key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
});
