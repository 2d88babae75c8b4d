// The schedule's calendar feed (docs/decisions/publishing.md "The schedule in and out"): one secret feed token per
// user. Only the sha256 of the token is stored; the token itself is shown once, in the feed URL.
// Rotating replaces the row, revoking deletes it. Postgres-15 compatible SQL.
export const sql = /* sql */ `
CREATE TABLE schedule_feed_tokens (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX schedule_feed_tokens_hash_unique ON schedule_feed_tokens (token_hash);
`;
