// Drizzle definition of the transcriptions table (migrations 0010 and 0011). Re-exported by schema.ts;
// imports only schema-users.ts (no import circle).
import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WordTiming } from '../../contract/captions';
import type { CaptionRenderStatus, TranscriptionSettings, TranscriptionStage, TranscriptionStatus } from '../../contract/transcriptions';
import { createdAtColumn, updatedAtColumn, users } from './schema-users';

export const transcriptions = pgTable(
  'transcriptions',
  {
    /** Chosen by the client (uuid) so a retried create answers the same transcription. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').$type<TranscriptionStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').$type<TranscriptionStage>(),
    error: text('error'),
    settings: jsonb('settings').$type<TranscriptionSettings>().notNull(),
    mediaKey: text('media_key').notNull(),
    mediaType: text('media_type').notNull(),
    mediaSize: bigint('media_size', { mode: 'number' }).notNull(),
    language: text('language'),
    engineId: text('engine_id').$type<'openai' | 'lemonfox' | 'pocketsphinx'>(),
    engineLabel: text('engine_label'),
    roughDraft: boolean('rough_draft').notNull().default(false),
    duration: real('duration'),
    transcript: text('transcript'),
    words: jsonb('words').$type<WordTiming[]>(),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /** Counts the creator's edits; the captioned video is outdated when made from an older one. */
    editVersion: integer('edit_version').notNull().default(0),
    renderStatus: text('render_status').$type<CaptionRenderStatus>().notNull().default('none'),
    renderProgress: integer('render_progress').notNull().default(0),
    renderError: text('render_error'),
    renderAttempts: integer('render_attempts').notNull().default(0),
    renderHeartbeatAt: timestamp('render_heartbeat_at', { withTimezone: true, mode: 'date' }),
    captionedKey: text('captioned_key'),
    renderedVersion: integer('rendered_version'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('transcriptions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transcriptions_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export type TranscriptionRow = typeof transcriptions.$inferSelect;
