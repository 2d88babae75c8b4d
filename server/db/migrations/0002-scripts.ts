// Scripts, idempotency keys and client error logs.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE scripts (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  prompt text,
  language text NOT NULL DEFAULT 'english',
  video_duration integer,
  word_count integer NOT NULL DEFAULT 0,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scripts_user_updated_idx ON scripts (user_id, updated_at DESC);

-- One row per (user, Idempotency-Key): the response of the first request, written in the same
-- transaction as its change, replayed for a retry. Rows older than the retention are purged.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE error_logs (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  path text NOT NULL,
  message text NOT NULL,
  occurrences integer NOT NULL DEFAULT 1,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_logs_user_created_idx ON error_logs (user_id, created_at DESC);
`;
