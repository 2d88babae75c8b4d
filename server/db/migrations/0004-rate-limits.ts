// Rate-limit counters. Kept in the database, not in process memory: an in-memory LRU
// evicts old keys when flooded with new ones, which would let an attacker reset a victim's counter
// by spraying other keys. Here every key keeps its own row until its window has passed (the
// hourly purge job deletes expired rows). Postgres-15 compatible SQL.
export const sql = /* sql */ `
CREATE TABLE rate_limits (
  bucket_key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_resets_idx ON rate_limits (resets_at);
`;
