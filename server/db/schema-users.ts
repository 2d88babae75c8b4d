// The users table and the shared timestamp columns: the base every other schema module imports
// (schema-content.ts, schema-media.ts…), kept apart from schema.ts so no table module needs to
// import schema.ts, which re-exports them all.
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;
