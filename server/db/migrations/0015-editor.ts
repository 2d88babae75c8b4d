// The editor (docs/decisions/editor.md): a video's editable timeline and its revision (the ETag
// of GET/PUT …/timeline), and rendered versions v1, v2… Each version keeps its own files; the
// video row points at the newest completed one, with the picture credits of that version. A post
// remembers the version it was made from.
// Postgres-15 compatible SQL.
export const sql = /* sql */ `
ALTER TABLE ai_videos ADD COLUMN timeline jsonb;
ALTER TABLE ai_videos ADD COLUMN timeline_revision integer NOT NULL DEFAULT 1;
ALTER TABLE ai_videos ADD COLUMN timeline_updated_at timestamptz;
ALTER TABLE ai_videos ADD COLUMN current_version integer NOT NULL DEFAULT 1;
ALTER TABLE ai_videos ADD COLUMN visual_credits jsonb;

CREATE TABLE ai_video_versions (
  id uuid PRIMARY KEY,
  video_id uuid NOT NULL REFERENCES ai_videos(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  progress integer NOT NULL DEFAULT 0,
  error text,
  revision integer,
  timeline jsonb,
  checkpoint jsonb NOT NULL DEFAULT '{}'::jsonb,
  credits_charged integer NOT NULL DEFAULT 0,
  credits_refunded integer NOT NULL DEFAULT 0,
  video_key text,
  thumbnail_key text,
  duration real,
  width integer,
  height integer,
  size_bytes bigint,
  attempts integer NOT NULL DEFAULT 0,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (video_id, version)
);
CREATE INDEX ai_video_versions_user_idx ON ai_video_versions (user_id, created_at DESC);
CREATE INDEX ai_video_versions_waiting_idx ON ai_video_versions (status) WHERE status IN ('queued', 'processing');

ALTER TABLE posts ADD COLUMN video_version integer;
`;
