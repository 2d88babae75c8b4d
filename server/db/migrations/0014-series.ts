// Series and their episodes (docs/decisions/series.md). One episode per series and slot is a
// unique constraint, so however many processes plan a slot at once, it is planned once. A series
// is found by the autopilot's tick through `next_prepare_at` (the next slot minus the lead time),
// indexed for active series only. Postgres-15 compatible SQL.
export const sql = /* sql */ `
CREATE TABLE series (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  tags jsonb NOT NULL DEFAULT '[]',
  hashtags jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'draft',
  -- Why it paused itself (an account to reconnect …); null when nothing needs the creator.
  attention jsonb,
  wizard_step integer NOT NULL DEFAULT 0,
  topic jsonb,
  style jsonb,
  cadence jsonb,
  time_zone text,
  destinations jsonb NOT NULL DEFAULT '{"account_ids":[],"options":{}}',
  review_mode text NOT NULL DEFAULT 'review',
  lead_hours integer NOT NULL DEFAULT 6,
  weekly_credit_cap integer,
  never_again jsonb NOT NULL DEFAULT '[]',
  -- The next topic of the creator's own list (used in order, once each).
  topic_cursor integer NOT NULL DEFAULT 0,
  -- Every slot up to and including this instant has its episode (or was passed on with a reason).
  planned_through timestamptz,
  -- When the next slot's episode must start being made; null unless active.
  next_prepare_at timestamptz,
  started_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT series_status_check CHECK (status IN ('draft', 'active', 'paused')),
  CONSTRAINT series_review_mode_check CHECK (review_mode IN ('review', 'auto'))
);
CREATE INDEX series_user_created_idx ON series (user_id, created_at DESC, id DESC);
CREATE INDEX series_due_idx ON series (next_prepare_at) WHERE status = 'active';

CREATE TABLE series_episodes (
  id uuid PRIMARY KEY,
  series_id uuid NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Null for a sample episode made before the series starts.
  slot_at timestamptz,
  sample boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'planned',
  reason text,
  topic text,
  title text,
  script text,
  video_id uuid REFERENCES ai_videos(id) ON DELETE SET NULL,
  post_id uuid REFERENCES posts(id) ON DELETE SET NULL,
  credits integer NOT NULL DEFAULT 0,
  render_attempts integer NOT NULL DEFAULT 0,
  review_note text,
  -- Refreshed while a process writes the episode; a stale one is taken over.
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT series_episodes_status_check CHECK (status IN ('planned', 'writing', 'rendering', 'awaiting_review', 'scheduled', 'published', 'skipped', 'failed')),
  CONSTRAINT series_episodes_slot_unique UNIQUE (series_id, slot_at)
);
CREATE INDEX series_episodes_series_slot_idx ON series_episodes (series_id, slot_at DESC NULLS FIRST, created_at DESC);
CREATE INDEX series_episodes_video_idx ON series_episodes (video_id) WHERE video_id IS NOT NULL;
CREATE INDEX series_episodes_post_idx ON series_episodes (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX series_episodes_unsettled_idx ON series_episodes (status, updated_at) WHERE status IN ('planned', 'writing', 'rendering');
`;
