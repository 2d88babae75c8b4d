// The offline engine (DESIGN §4): outbox (store -> server), pull (server -> store), status.
// No React in here; page and service worker both import it. It knows no domain and no database:
// each domain's data/ (src/features/<domain>/data) defines its kinds and pulls on it, and the
// app's local store hands it its tables (bindEngineStore).
export { defineMutation, createMutationRegistry, mutationRegistry } from './registry';
export type { HttpMethod, MutationDef, MutationRegistry, MutationRequest } from './registry';
// Everything the outbox module exports (createOutbox, its row/request/result types, the response
// readers) is part of the engine's surface; re-exporting it whole keeps the two lists from drifting.
export * from './outbox';
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay, parseRetryAfter } from './backoff';
export type { LockManagerLike } from './lock';
export { createCollectionSync, pendingInOutbox, startPullScheduler, DEFAULT_PULL_INTERVAL_MS } from './pull';
export type { CollectionSync, CollectionSyncOptions, HttpGet, PullResponse, PullResult, PullScheduler, PullSchedulerOptions, SyncStateRow, SyncStateTable } from './pull';
export { createSyncStatus } from './status';
export type { SyncStatus, SyncStatusOptions, SyncStatusStore } from './status';
export { startDrainScheduler, requestBackgroundSync, drainForBackgroundSync, DEFAULT_DRAIN_INTERVAL_MS, OUTBOX_SYNC_TAG } from './drain-scheduler';
export type { DrainScheduler, DrainSchedulerOptions } from './drain-scheduler';
export { axiosGet, axiosSend, fetchSend } from './transport';
export type { FetchSendOptions } from './transport';
export { markCollectionChanged } from './pull';
export {
  appOutbox,
  appDrainDeps,
  bindEngineStore,
  currentOutboxOwner,
  engineStore,
  describeChange,
  drainNow,
  onOutcome,
  outcomeOf,
  pullNow,
  retryChange,
  discardChange,
  setEngineHooks,
  setOutboxOwner,
  storedOwner,
  syncStatus,
} from './engine';
export type { AppDrainOptions, AppSyncStatus, EngineHooks, EngineStore, OutcomeHandlers, OwnerSource } from './engine';
export { errorLogMutation, enqueueErrorLog, ERROR_LOG_MESSAGE_MAX, ERROR_LOG_PATH_MAX } from './error-logs';
export type { ErrorLogPayload } from './error-logs';
