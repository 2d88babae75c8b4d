// Publishing: connected social accounts, single-use OAuth states, posts and their
// targets (one per account), and the state of the built-in platform sandboxes. Tokens are stored
// encrypted (AES-256-GCM, server/domain/social/token-crypto.ts), never in plain text.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE social_accounts (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  platform text NOT NULL,
  platform_account_id text NOT NULL,
  name text NOT NULL,
  handle text,
  avatar_url text,
  sandbox boolean NOT NULL DEFAULT false,
  access_token_enc text,
  refresh_token_enc text,
  token_expires_at timestamptz,
  -- When the refresh token is expected to lapse (e.g. 7 days for a "Testing" consent screen).
  refresh_expires_at timestamptz,
  scope text,
  -- 'active', or 'reconnect' when a refresh failed (targets are blocked until the creator reconnects).
  status text NOT NULL DEFAULT 'active',
  status_reason text,
  last_refreshed_at timestamptz,
  -- Set on disconnect (tokens are wiped); connecting the same account again revives the row.
  disconnected_at timestamptz,
  connected_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT social_accounts_platform_check CHECK (platform IN ('youtube', 'tiktok', 'instagram')),
  CONSTRAINT social_accounts_status_check CHECK (status IN ('active', 'reconnect'))
);
CREATE UNIQUE INDEX social_accounts_user_platform_account_unique ON social_accounts (user_id, platform, platform_account_id);
CREATE INDEX social_accounts_user_connected_idx ON social_accounts (user_id, connected_at DESC, id DESC);

-- One row per connect attempt. Only the sha256 of the state travels back from the platform;
-- a state is used once and expires after a few minutes.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  platform text NOT NULL,
  path text NOT NULL,
  popup boolean NOT NULL DEFAULT false,
  sandbox boolean NOT NULL DEFAULT false,
  code_verifier text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

CREATE TABLE posts (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id uuid REFERENCES ai_videos(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft',
  caption text NOT NULL DEFAULT '',
  options jsonb NOT NULL DEFAULT '{}'::jsonb,
  scheduled_at timestamptz,
  timezone text,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT posts_status_check CHECK (status IN ('draft', 'scheduled', 'publishing', 'published', 'partially_published', 'failed'))
);
CREATE INDEX posts_user_created_idx ON posts (user_id, created_at DESC, id DESC);
CREATE INDEX posts_user_status_created_idx ON posts (user_id, status, created_at DESC, id DESC);
CREATE INDEX posts_user_scheduled_idx ON posts (user_id, scheduled_at);

CREATE TABLE post_targets (
  id uuid PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Kept (set null) when the account row goes; account_name keeps what the creator saw.
  account_id uuid REFERENCES social_accounts(id) ON DELETE SET NULL,
  platform text NOT NULL,
  account_name text NOT NULL,
  sandbox boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft',
  attempts integer NOT NULL DEFAULT 0,
  -- The platform's upload session (YouTube's resumable session URI), saved before the first byte
  -- so a crash resumes the same upload instead of starting a second one.
  upload_session text,
  uploaded_bytes bigint NOT NULL DEFAULT 0,
  -- Recorded the moment the platform accepts the post: from then on it is never uploaded again.
  platform_post_id text,
  url text,
  error text,
  error_code text,
  error_class text,
  next_attempt_at timestamptz,
  started_at timestamptz,
  published_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT post_targets_status_check CHECK (status IN ('draft', 'scheduled', 'blocked', 'publishing', 'published', 'failed')),
  CONSTRAINT post_targets_error_class_check CHECK (error_class IS NULL OR error_class IN ('auth', 'disconnect', 'quota', 'rate', 'bad', 'retry', 'policy'))
);
CREATE UNIQUE INDEX post_targets_post_account_unique ON post_targets (post_id, account_id);
CREATE INDEX post_targets_user_failed_idx ON post_targets (user_id, failed_at DESC) WHERE status = 'failed';
CREATE INDEX post_targets_account_status_idx ON post_targets (account_id, status);
-- Startup and the scheduler find due and unfinished targets without scanning finished ones.
CREATE INDEX post_targets_pending_idx ON post_targets (status, next_attempt_at) WHERE status IN ('scheduled', 'publishing');

-- The built-in sandboxes (server/providers/social/sandbox): their own accounts, tokens, upload
-- sessions and published posts, kept in the database so they survive a restart like a real
-- platform would. Never used when a platform is configured for real. Sandbox accounts belong to
-- the sandbox "platform", not to a Reelflow user (like a Google account), and are found by name.
CREATE TABLE sandbox_accounts (
  id text PRIMARY KEY,
  platform text NOT NULL,
  name text NOT NULL,
  handle text NOT NULL,
  simulate text NOT NULL DEFAULT 'ok',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sandbox_accounts_simulate_check CHECK (simulate IN ('ok', 'flaky', 'expired', 'revoked', 'quota', 'reject'))
);
CREATE UNIQUE INDEX sandbox_accounts_platform_name_unique ON sandbox_accounts (platform, name);
CREATE UNIQUE INDEX sandbox_accounts_platform_handle_unique ON sandbox_accounts (platform, handle);
-- Only the sha256 of a code or token is stored. All tokens of one consent share a grant_id:
-- revoking any of them revokes the grant, as Google does.
CREATE TABLE sandbox_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL,
  account_id text NOT NULL REFERENCES sandbox_accounts(id) ON DELETE CASCADE,
  grant_id text NOT NULL,
  client_id text NOT NULL,
  -- Codes only: what the token request must repeat (redirect_uri) or prove (PKCE challenge).
  redirect_uri text,
  code_challenge text,
  scope text NOT NULL DEFAULT '',
  expires_at timestamptz,
  uses integer NOT NULL DEFAULT 0,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sandbox_tokens_kind_check CHECK (kind IN ('code', 'access', 'refresh'))
);
CREATE INDEX sandbox_tokens_grant_idx ON sandbox_tokens (grant_id);
CREATE TABLE sandbox_uploads (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES sandbox_accounts(id) ON DELETE CASCADE,
  metadata jsonb NOT NULL,
  content_type text NOT NULL,
  total_bytes bigint NOT NULL,
  received_bytes bigint NOT NULL DEFAULT 0,
  -- PUTs seen, the seed of the 'flaky' simulation (deterministic per upload).
  requests integer NOT NULL DEFAULT 0,
  -- Set when the last byte arrived: the published post's id.
  post_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A video the sandbox channel holds: 'uploaded' (processing) until ready_at, then its status.
CREATE TABLE sandbox_posts (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES sandbox_accounts(id) ON DELETE CASCADE,
  platform text NOT NULL,
  upload_id text NOT NULL,
  title text NOT NULL,
  metadata jsonb NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text,
  status text NOT NULL DEFAULT 'processed',
  status_reason text,
  ready_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sandbox_posts_status_check CHECK (status IN ('processed', 'rejected', 'failed'))
);
CREATE UNIQUE INDEX sandbox_posts_upload_unique ON sandbox_posts (upload_id);
CREATE INDEX sandbox_posts_account_idx ON sandbox_posts (account_id, created_at);
`;
