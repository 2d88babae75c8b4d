// Transcriptions, editing and rendering: the captioned video burned from the current
// words and caption settings, its state and progress, and the edit counter that tells whether the
// captioned video still matches the words (render_outdated). Postgres-15 compatible SQL.
export const sql = /* sql */ `
ALTER TABLE transcriptions
  ADD COLUMN edit_version integer NOT NULL DEFAULT 0,
  ADD COLUMN render_status text NOT NULL DEFAULT 'none',
  ADD COLUMN render_progress integer NOT NULL DEFAULT 0,
  ADD COLUMN render_error text,
  ADD COLUMN render_attempts integer NOT NULL DEFAULT 0,
  -- Written while a render runs; a stale heartbeat means the run died.
  ADD COLUMN render_heartbeat_at timestamptz,
  -- The last captioned video that was made, and the edit_version it was made from.
  ADD COLUMN captioned_key text,
  ADD COLUMN rendered_version integer,
  ADD CONSTRAINT transcriptions_render_status_check CHECK (render_status IN ('none', 'queued', 'rendering', 'completed', 'failed')),
  ADD CONSTRAINT transcriptions_render_progress_check CHECK (render_progress BETWEEN 0 AND 100);
-- Startup finds unfinished renders without scanning the others.
CREATE INDEX transcriptions_unfinished_render_idx ON transcriptions (render_status) WHERE render_status IN ('queued', 'rendering');
`;
