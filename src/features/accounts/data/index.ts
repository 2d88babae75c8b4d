// The accounts domain's public data API: what the app's wiring and other features (publishing
// picks accounts and warns about unhealthy ones) may use. No React.
export {
  ACCOUNT_KINDS,
  ACCOUNTS_COLLECTION,
  ACCOUNTS_PULL_PAGE_SIZE,
  accountEntityKey,
  connectUrlWith,
  createAccountsSync,
  disconnectAccountLocally,
  disconnectAccountMutation,
  disconnectedAccountOf,
  fetchAllAccounts,
  isSocialAccount,
  refreshAccounts,
  toLocalAccount,
} from './accounts';
export type { ConnectGet, ConnectOptions, DisconnectAccountPayload } from './accounts';
export { connectUrl, platformAvailability } from './connect-http';
export { accountsNewestFirst, accountsOldestFirst, allAccounts, byConnectedDesc, queuedDisconnects } from './queries';
export { RECONNECT_PARAM } from './reconnect-link';
