// AI videos: one row per video with its render state. `stages` is the per-stage status
// shown to the creator; `checkpoint` holds each finished stage's artefacts (storage keys, scene
// list, word timings…) so a crashed or restarted render resumes at the first unfinished stage.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE ai_videos (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  progress integer NOT NULL DEFAULT 0,
  stage text,
  stages jsonb NOT NULL,
  error text,
  credits_charged integer NOT NULL DEFAULT 0,
  credits_refunded integer NOT NULL DEFAULT 0,
  settings jsonb NOT NULL,
  checkpoint jsonb NOT NULL DEFAULT '{}'::jsonb,
  video_key text,
  thumbnail_key text,
  duration real,
  width integer,
  height integer,
  size_bytes bigint,
  attempts integer NOT NULL DEFAULT 0,
  -- Written while a render runs; a render whose heartbeat went stale was interrupted.
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ai_videos_status_check CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
  CONSTRAINT ai_videos_progress_check CHECK (progress BETWEEN 0 AND 100)
);
-- The owner's list, newest first (id breaks ties so pages never overlap), with or without a status filter.
CREATE INDEX ai_videos_user_created_idx ON ai_videos (user_id, created_at DESC, id DESC);
CREATE INDEX ai_videos_user_status_created_idx ON ai_videos (user_id, status, created_at DESC, id DESC);
-- Startup finds interrupted renders without scanning finished ones.
CREATE INDEX ai_videos_unfinished_idx ON ai_videos (status) WHERE status IN ('queued', 'processing');
`;
