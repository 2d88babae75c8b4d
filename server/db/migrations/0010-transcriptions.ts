// Transcriptions: one row per uploaded video or audio with its speech-to-text state and,
// once completed, the transcript's words (jsonb, the same WordTiming[] the captions are paged
// from). The uploaded media lives in storage under users/{user}/transcriptions/{id}/.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE transcriptions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  progress integer NOT NULL DEFAULT 0,
  stage text,
  error text,
  settings jsonb NOT NULL,
  media_key text NOT NULL,
  media_type text NOT NULL,
  media_size bigint NOT NULL,
  language text,
  engine_id text,
  engine_label text,
  rough_draft boolean NOT NULL DEFAULT false,
  duration real,
  transcript text,
  words jsonb,
  attempts integer NOT NULL DEFAULT 0,
  -- Written while a transcription runs; a stale heartbeat means the run died.
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transcriptions_status_check CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
  CONSTRAINT transcriptions_progress_check CHECK (progress BETWEEN 0 AND 100)
);
-- The owner's list, newest first (id breaks ties so pages never overlap), with or without a status
-- filter; the monthly quota counts the owner's rows by created_at with the first one.
CREATE INDEX transcriptions_user_created_idx ON transcriptions (user_id, created_at DESC, id DESC);
CREATE INDEX transcriptions_user_status_created_idx ON transcriptions (user_id, status, created_at DESC, id DESC);
-- Startup finds unfinished transcriptions without scanning finished ones.
CREATE INDEX transcriptions_unfinished_idx ON transcriptions (status) WHERE status IN ('queued', 'processing');
`;
