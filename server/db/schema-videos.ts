// Drizzle definition of the AI videos table (migration 0006). Re-exported by schema.ts; imports
// only schema-users.ts (no import circle).
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Timeline, VideoVersion } from '../../contract/timeline';
import type { AiVideoSettings, VideoStage, VideoStageName, VideoStatus } from '../../contract/videos';
import type { VersionCheckpoint } from '../domain/editor/version-checkpoint';
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
    /** The editor's saved timeline (migration 0015); null: never saved, derived from the checkpoint when read. */
    timeline: jsonb('timeline').$type<Timeline>(),
    /** The saved timeline's revision (its ETag); 1 is the timeline derived from the first render. */
    timelineRevision: integer('timeline_revision').notNull().default(1),
    timelineUpdatedAt: timestamp('timeline_updated_at', { withTimezone: true, mode: 'date' }),
    /** The version `video_key` and its facts belong to (1 until an edit is rendered). */
    currentVersion: integer('current_version').notNull().default(1),
    /** The current version's picture credits once an edit is rendered; null: the first render's, in the checkpoint. */
    visualCredits: jsonb('visual_credits').$type<string[]>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('ai_videos_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('ai_videos_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export type AiVideoRow = typeof aiVideos.$inferSelect;

/** Rendered versions of an edited video (migration 0015); v1 is recorded when v2 is first asked for. */
export const aiVideoVersions = pgTable(
  'ai_video_versions',
  {
    id: uuid('id').primaryKey(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => aiVideos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<VideoVersion['status']>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The timeline revision rendered; null for v1 of a video made before the editor. */
    revision: integer('revision'),
    /** The timeline as rendered (its recordings and pictures filled in as they are made). */
    timeline: jsonb('timeline').$type<Timeline>(),
    checkpoint: jsonb('checkpoint').$type<VersionCheckpoint>().notNull().default({}),
    creditsCharged: integer('credits_charged').notNull().default(0),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    duration: real('duration'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [unique('ai_video_versions_video_id_version_key').on(t.videoId, t.version), index('ai_video_versions_user_idx').on(t.userId, t.createdAt.desc())],
);

export type AiVideoVersionRow = typeof aiVideoVersions.$inferSelect;
