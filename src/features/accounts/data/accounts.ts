// Connected social accounts, an offline-first collection: the `accounts` table mirrors
// GET /api/accounts (every page) so the connect screen and the publish screen's account picker
// work offline. The one change made here is a disconnect, which goes through the outbox like any
// change: the account leaves the list at once, the POST waits in the outbox (offline too); a
// refused disconnect brings the row back badged 'failed' (Retry / Discard). Connecting needs the
// platform's consent page, so it is never queued: connectUrlWith asks the server where to send the
// browser, through the HTTP client the page hands in (src/features/accounts/connect-http.ts binds
// the app's API client). The service worker and the sync runtime import this module: no React, no
// DOM, no HTTP client of its own, and only types from the contract (its values bring zod along).
import type { ConnectResponse, SocialAccount, SocialPlatform } from '../../../../contract/publishing';
import { db, type LocalAccount } from '../../../store/db';
import { appOutbox, pullNow } from '../../../sync/engine';
import type { OutboxItem } from '../../../sync/outbox';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, plain, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { unchangedWhenForbidden } from '../../../session/plan-access';
import { ACCOUNTS_URLS } from './urls';

export const ACCOUNTS_COLLECTION = 'accounts';
export const accountEntityKey = (id: string): string => `account:${id}`;
/** The contract's largest page (listAccountsQuery): a creator's accounts fit in one or two pages. */
export const ACCOUNTS_PULL_PAGE_SIZE = 100;

export interface DisconnectAccountPayload {
  id: string;
  /** The row before the disconnect: shown again if the server refuses it or it is discarded. Not sent. */
  previous: LocalAccount | null;
}

export const disconnectAccountMutation = defineMutation({
  kind: 'account.disconnect',
  schemaVersion: 1,
  entityKey: (p: DisconnectAccountPayload) => accountEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: ACCOUNTS_URLS.disconnect, body: { id: p.id } }),
});

export const ACCOUNT_KINDS = [disconnectAccountMutation.kind];

const HEALTH = ['ok', 'expiring', 'reconnect'];

export function isSocialAccount(value: unknown): value is SocialAccount {
  const account = value as Partial<SocialAccount> | null;
  return (
    typeof account === 'object' &&
    account !== null &&
    typeof account.id === 'string' &&
    typeof account.platform === 'string' &&
    typeof account.name === 'string' &&
    typeof account.health === 'string' &&
    HEALTH.includes(account.health)
  );
}

/** A server account as a synced local row (missing optional fields read as "none"). */
export function toLocalAccount(account: SocialAccount): LocalAccount {
  return {
    ...account,
    handle: account.handle ?? null,
    avatar_url: account.avatar_url ?? null,
    sandbox: account.sandbox === true,
    health_reason: account.health_reason ?? null,
    token_expires_at: account.token_expires_at ?? null,
    blocked_targets: Number.isFinite(account.blocked_targets) ? account.blocked_targets : 0,
    syncStatus: 'synced',
    syncError: null,
    failedOutboxId: null,
  };
}

const rows = createLocalRows<LocalAccount>({ collection: ACCOUNTS_COLLECTION, table: () => db.accounts, entityPrefix: 'account' });

/**
 * Disconnect an account: it leaves the list at once and the POST is queued (sent now when online,
 * else when the connection is back). A second disconnect of the same account is not queued twice.
 * Returns the row as it was (null when it is no longer on this device). Rejects while a refused
 * disconnect of it waits for Retry or Discard.
 */
export async function disconnectAccountLocally(id: string): Promise<LocalAccount | null> {
  return rows.write(async () => {
    const current = await db.accounts.get(id);
    if (!current) return null;
    const queued = (await rows.itemsOf(id)).filter((item) => item.kind === disconnectAccountMutation.kind);
    // A refused disconnect is retried or discarded from its alert, never queued a second time.
    if (queued.some((item) => item.status === 'failed')) throw new Error('The server refused to disconnect this account: retry or discard that change first.');
    if (queued.length === 0) await appOutbox.enqueue(disconnectAccountMutation, { id, previous: plain(current) });
    await db.accounts.delete(id);
    await rows.changed();
    return current;
  });
}

/** Pull the accounts now (route entry, after a connect); nothing happens while signed out. */
export function refreshAccounts(): Promise<void> {
  return pullNow(ACCOUNTS_COLLECTION);
}

/** The account a queued disconnect is about (for "waiting to be sent" lists and messages). */
export function disconnectedAccountOf(item: OutboxItem): LocalAccount | null {
  return item.kind === disconnectAccountMutation.kind ? ((item.payload as Partial<DisconnectAccountPayload>).previous ?? null) : null;
}

registerRowOutcomes(rows, {
  deleteKind: disconnectAccountMutation.kind,
  kinds: ACCOUNT_KINDS,
  // The disconnect answers a message, not an account: nothing to store.
  fromServer: () => null,
  describe: (item) => {
    const name = disconnectedAccountOf(item)?.name;
    return name ? `Disconnect of "${name}"` : 'Disconnect of an account';
  },
});

/** GET /api/accounts, every page (per_page 100), If-None-Match on page 1. */
export function fetchAllAccounts(get: HttpGet, etag: string | null, perPage = ACCOUNTS_PULL_PAGE_SIZE): Promise<PullResponse<LocalAccount>> {
  return fetchAllPages(get, etag, { path: ACCOUNTS_URLS.accounts, isItem: isSocialAccount, toRow: toLocalAccount, id: (account) => account.id, noun: 'account list', perPage });
}


/**
 * The accounts collection: accounts the server no longer has go; a row with a queued disconnect
 * is left alone. Every signed-in user's runtime pulls it, but only plans with can_publish_post may
 * list accounts: a 403 reads as "nothing changed" rather than a sync error every few minutes.
 */
export function createAccountsSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalAccount, string>({
    collection: ACCOUNTS_COLLECTION,
    table: db.accounts,
    syncState: db.syncState,
    // Listed for every plan (a creator who lost publishing still sees what is connected): never skipped.
    fetch: unchangedWhenForbidden((etag) => fetchAllAccounts(get, etag)),
    key: (account) => account.id,
    ...pendingInOutbox<string>(db.outbox, accountEntityKey),
  });
}

// --- connecting -------------------------------------------------------------------------------------

export interface ConnectOptions {
  /** The app path the browser comes back to after the consent page, e.g. '/connect'. */
  path?: string;
  /** True: the consent page runs in a popup that tells its opener and closes (popup=1). */
  popup?: boolean;
}

/** A GET with query parameters answering the JSON body; rejects with the server's refusal. */
export type ConnectGet = (url: string, params: Record<string, string>) => Promise<unknown>;

function isConnectResponse(value: unknown): value is ConnectResponse {
  const body = value as Partial<ConnectResponse> | null;
  return typeof body === 'object' && body !== null && typeof body.url === 'string' && body.url.length > 0;
}

/** Only web addresses: a `javascript:` or `data:` answer must never become a navigation. */
function webAddress(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/{platform}/connect?path=…[&popup=1]: the consent page to send the browser to, and
 * whether the built-in sandbox stands in for the platform. Rejects with the server's refusal (e.g.
 * the plan's account limit) as `get` does, or with a plain error for a malformed answer.
 */
export async function connectUrlWith(get: ConnectGet, platform: SocialPlatform, options: ConnectOptions = {}): Promise<ConnectResponse> {
  const params: Record<string, string> = { path: options.path ?? '/connect' };
  if (options.popup) params.popup = '1';
  const body = await get(ACCOUNTS_URLS.connect(platform), params);
  const url = isConnectResponse(body) ? webAddress(body.url, typeof location === 'undefined' ? 'http://localhost/' : location.href) : null;
  if (!url) throw new Error('The server did not say where to connect this account. Try again later.');
  return { url, sandbox: (body as ConnectResponse).sandbox === true };
}
