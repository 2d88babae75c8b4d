// The music library, the creator's own scene media, and server-held secrets.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
-- A track the creator uploaded (POST /api/upload-music). The id may be chosen by the client
-- (uuid), so a track uploaded from the outbox keeps its id. The file lives in media storage under
-- storage_key (users/{user}/music/{id}/…); deleting the row deletes that folder.
CREATE TABLE music_tracks (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  duration double precision NOT NULL,
  size_bytes bigint NOT NULL,
  mime_type text NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX music_tracks_user_list_idx ON music_tracks (user_id, created_at DESC, id DESC);

-- An image or clip the creator uploaded for a scene (POST /api/media).
CREATE TABLE scene_media (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  width integer,
  height integer,
  duration double precision,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scene_media_user_list_idx ON scene_media (user_id, created_at DESC, id DESC);

-- Secrets the server generates once and every process shares (the media URL signing key when
-- MEDIA_URL_SECRET is not set): the first process to start inserts, the others read.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
