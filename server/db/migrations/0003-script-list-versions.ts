// Throughput of list reads: a per-user counter that moves with every change to the user's scripts,
// so the server can keep the JSON of list pages in memory and know with one primary-key read
// whether a kept page is still current (server/domain/scripts/list-cache.ts). A trigger bumps it
// in the same transaction as the change, whoever makes it (any route, the admin CLI, another
// process on the same Postgres), so no writer can forget to.
// Also orders the list index like the list (updated_at desc, id desc): the page is read straight
// from the index instead of sorting every row of the user.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE script_list_versions (
  -- No foreign key: a row may outlive its user (deleting a user deletes its scripts, which
  -- bumps this row during the cascade); it is a few bytes and harmless.
  user_id integer PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION bump_script_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO script_list_versions AS v (user_id, version) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    INSERT INTO script_list_versions AS v (user_id, version) VALUES (OLD.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER scripts_bump_list_version
  AFTER INSERT OR UPDATE OR DELETE ON scripts
  FOR EACH ROW EXECUTE FUNCTION bump_script_list_version();

DROP INDEX scripts_user_updated_idx;
CREATE INDEX scripts_user_list_order_idx ON scripts (user_id, updated_at DESC, id DESC);
`;
