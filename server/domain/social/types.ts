// What the accounts half (connect, tokens) and the publish engine offer each other.
// Accounts: server/domain/social/accounts*.ts; engine: server/domain/publishing/*.

/** Access tokens of connected accounts, decrypted on use and refreshed when due. */
export interface AccountTokenService {
  /**
   * A valid access token of the account. Refreshes when the stored one has expired (or is about
   * to), or when `forceRefresh` (after a 401). A refresh keeps the stored refresh token when the
   * platform sends none. When the refresh fails for good (invalid_grant), marks the account
   * 'reconnect', blocks its queued targets and throws SocialError('disconnect').
   */
  accessToken(accountId: string, options?: { forceRefresh?: boolean }): Promise<string>;
  /**
   * Refresh now, ahead of expiry (the refresh-tokens job) — the same single flight and
   * row lock as accessToken; reuses a refresh another caller stored since the account was read.
   * Fails like accessToken (a dead grant marks the account 'reconnect'). Optional: stand-ins and
   * test fakes need not offer it; the job then skips.
   */
  refreshAhead?(accountId: string): Promise<void>;
}

/** Hands targets to the publish engine (pg-boss in the server, in-process in tests). */
export interface PublishScheduler {
  /** Queue one target to run at `at` (null: now). Idempotent: a second call for the same target is harmless. */
  schedule(targetId: string, at: Date | null): Promise<void>;
}
