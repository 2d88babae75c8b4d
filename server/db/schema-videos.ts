// Drizzle definition of the AI videos table (migration 0006). Re-exported by schema.ts; imports
// only schema-users.ts (no import circle).
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AiVideoSettings, VideoStage, VideoStageName, VideoStatus } from '../../contract/videos';
import type { VideoCheckpoint } from '../domain/videos/checkpoint';
import { createdAtColumn, updatedAtColumn, users } from './schema-users';

export const aiVideos = pgTable(
  'ai_videos',
  {
    /** Chosen by the client (uuid) so a video created offline keeps its id once synced. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').$type<VideoStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').$type<VideoStageName>(),
    stages: jsonb('stages').$type<VideoStage[]>().notNull(),
    error: text('error'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    settings: jsonb('settings').$type<AiVideoSettings>().notNull(),
    checkpoint: jsonb('checkpoint').$type<VideoCheckpoint>().notNull().default({}),
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    duration: real('duration'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /** Taken off the failed-jobs list (migration 0013); cleared when the video is restarted. */
    failureDismissedAt: timestamp('failure_dismissed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('ai_videos_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ai_videos_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export type AiVideoRow = typeof aiVideos.$inferSelect;
