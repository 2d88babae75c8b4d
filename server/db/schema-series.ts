// Drizzle definitions of the series tables (migration 0014). Re-exported by schema.ts; imports
// only the table modules it references (no import circle).
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { EpisodeStatus, ReviewMode, SeriesAttention, SeriesDestinations, SeriesStatus, SeriesStyle, SeriesTopic } from '../../contract/series';
import type { SeriesCadence } from '../../contract/series-cadence';
import { posts } from './schema-publishing';
import { createdAtColumn, updatedAtColumn, users } from './schema-users';
import { aiVideos } from './schema-videos';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const series = pgTable(
  'series',
  {
    /** Chosen by the client (uuid) so a series created offline keeps its id once synced. */
    id: uuid('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    status: text('status').$type<SeriesStatus>().notNull().default('draft'),
    attention: jsonb('attention').$type<SeriesAttention>(),
    wizardStep: integer('wizard_step').notNull().default(0),
    topic: jsonb('topic').$type<SeriesTopic>(),
    style: jsonb('style').$type<SeriesStyle>(),
    cadence: jsonb('cadence').$type<SeriesCadence>(),
    timeZone: text('time_zone'),
    destinations: jsonb('destinations').$type<SeriesDestinations>().notNull().default({ account_ids: [], options: {} }),
    reviewMode: text('review_mode').$type<ReviewMode>().notNull().default('review'),
    leadHours: integer('lead_hours').notNull().default(6),
    weeklyCreditCap: integer('weekly_credit_cap'),
    neverAgain: jsonb('never_again').$type<string[]>().notNull().default([]),
    topicCursor: integer('topic_cursor').notNull().default(0),
    plannedThrough: at('planned_through'),
    nextPrepareAt: at('next_prepare_at'),
    startedAt: at('started_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('series_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type SeriesRow = typeof series.$inferSelect;

export const seriesEpisodes = pgTable(
  'series_episodes',
  {
    id: uuid('id').primaryKey(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    slotAt: at('slot_at'),
    sample: boolean('sample').notNull().default(false),
    status: text('status').$type<EpisodeStatus>().notNull().default('planned'),
    reason: text('reason'),
    topic: text('topic'),
    title: text('title'),
    script: text('script'),
    videoId: uuid('video_id').references(() => aiVideos.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull().default(0),
    renderAttempts: integer('render_attempts').notNull().default(0),
    reviewNote: text('review_note'),
    heartbeatAt: at('heartbeat_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [unique('series_episodes_slot_unique').on(t.seriesId, t.slotAt)],
);
export type SeriesEpisodeRow = typeof seriesEpisodes.$inferSelect;
