// Accounts: users, tokens, credits ledger, licences, password resets, mail outbox.
// Postgres-15 compatible SQL (PGlite is Postgres 18; do not use newer syntax).
export const sql = /* sql */ `
CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  plan text NOT NULL,
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  has_payment_approval boolean NOT NULL DEFAULT false,
  skip_payment_approval boolean NOT NULL DEFAULT false,
  has_payment_method boolean NOT NULL DEFAULT false,
  payment_approval_meta text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (email);

CREATE TABLE personal_access_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX personal_access_tokens_user_idx ON personal_access_tokens (user_id);

CREATE TABLE credit_ledger (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta integer NOT NULL,
  reason text NOT NULL,
  balance_after integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, id);

CREATE TABLE licenses (
  id serial PRIMARY KEY,
  code_hash text NOT NULL,
  display_prefix text NOT NULL,
  plan text NOT NULL,
  used_by integer REFERENCES users(id) ON DELETE SET NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX licenses_code_hash_unique ON licenses (code_hash);

CREATE TABLE password_reset_tokens (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
