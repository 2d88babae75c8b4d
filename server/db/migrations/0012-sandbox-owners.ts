// The built-in sandboxes' channels belong to one Reelflow user each: the consent page signs in as
// the user whose connect attempt issued the OAuth state, a channel is found by (platform, owner,
// name), and a browser that went through the consent holds a sandbox session (sha256 only) that
// shows its owner's channel pages and nobody else's. Postgres-15 compatible SQL.
export const sql = /* sql */ `
ALTER TABLE sandbox_accounts ADD COLUMN owner_user_id integer REFERENCES users(id) ON DELETE CASCADE;
-- An existing channel goes to the first user who connected it to Reelflow.
UPDATE sandbox_accounts a
SET owner_user_id = first.user_id
FROM (
  SELECT DISTINCT ON (platform, platform_account_id) platform, platform_account_id, user_id
  FROM social_accounts
  WHERE sandbox
  ORDER BY platform, platform_account_id, created_at, id
) first
WHERE first.platform = a.platform AND first.platform_account_id = a.id;
-- A channel that several users connected was shared by typing its name: nobody can tell which of
-- its grants each of them holds, so all of them end. Each user reconnects; the owner gets this
-- channel back by its name, the others get channels of their own.
UPDATE sandbox_tokens
SET revoked_at = now()
WHERE revoked_at IS NULL
  AND account_id IN (
    SELECT a.id
    FROM sandbox_accounts a
    JOIN social_accounts s ON s.sandbox AND s.platform = a.platform AND s.platform_account_id = a.id
    GROUP BY a.id
    HAVING count(DISTINCT s.user_id) > 1
  );
-- A channel no Reelflow user ever connected has no owner who could reach it again (with its
-- tokens, upload sessions and videos).
DELETE FROM sandbox_accounts WHERE owner_user_id IS NULL;
ALTER TABLE sandbox_accounts ALTER COLUMN owner_user_id SET NOT NULL;
DROP INDEX sandbox_accounts_platform_name_unique;
DROP INDEX sandbox_accounts_platform_handle_unique;
CREATE UNIQUE INDEX sandbox_accounts_owner_name_unique ON sandbox_accounts (platform, owner_user_id, name);
CREATE UNIQUE INDEX sandbox_accounts_owner_handle_unique ON sandbox_accounts (platform, owner_user_id, handle);

-- "Signed in to the sandbox" in one browser: set by the consent page, read by the channel pages.
CREATE TABLE sandbox_sessions (
  token_hash text PRIMARY KEY,
  platform text NOT NULL,
  owner_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_sessions_expires_idx ON sandbox_sessions (expires_at);
`;
