// Drizzle definitions of the music library, scene media and server secrets (migration 0005).
// Re-exported by schema.ts; imports only schema-users.ts (no import circle).
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, users } from './schema-users';

export const musicTracks = pgTable(
  'music_tracks',
  {
    /** Chosen by the client (uuid) or the server. */
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Seconds, as ffprobe measured. */
    duration: doublePrecision('duration').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('music_tracks_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const sceneMedia = pgTable(
  'scene_media',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'video'>().notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Seconds, clips only. */
    duration: doublePrecision('duration'),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('scene_media_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type MusicTrackRow = typeof musicTracks.$inferSelect;
export type SceneMediaRow = typeof sceneMedia.$inferSelect;
