// The offline-first collections (DESIGN §4): one module per collection, each with its outbox kinds,
// the reactions to their outcomes and its pull; shared/ holds what they have in common. The engine
// they run on is src/sync. No React here: the page and the service worker import the same modules
// (the worker imports each module for its side effect of registering the kinds). This barrel loads
// every collection, zod included (videos.ts validates requests): code that needs one collection
// and no zod (the sync runtime, the scripts screens) imports that module directly.
export {
  connectUrlWith,
  disconnectAccountLocally,
  refreshAccounts,
  createAccountsSync,
  fetchAllAccounts,
  toLocalAccount,
  isSocialAccount,
  accountEntityKey,
  disconnectedAccountOf,
  disconnectAccountMutation,
  ACCOUNT_KINDS,
  ACCOUNTS_COLLECTION,
  ACCOUNTS_PULL_PAGE_SIZE,
} from '../features/accounts/data/accounts';
export type { ConnectGet, ConnectOptions, DisconnectAccountPayload } from '../features/accounts/data/accounts';
export {
  createPost,
  saveDraft,
  reschedulePost,
  deletePost,
  undoDeletePost,
  draftRequestOf,
  refreshPosts,
  refreshCalendar,
  createPostsSync,
  createCalendarSync,
  fetchPosts,
  fetchCalendar,
  toLocalPost,
  isPost,
  postTitle,
  calendarEntryOf,
  postEntityKey,
  createPostMutation,
  saveDraftMutation,
  reschedulePostMutation,
  deletePostMutation,
  POST_KINDS,
  POSTS_COLLECTION,
  CALENDAR_COLLECTION,
  PAST_TOLERANCE_MS,
} from '../features/publishing/data/posts';
export type { CreatePostPayload, SaveDraftPayload, ReschedulePostPayload, DeletePostPayload, DeletedPost } from '../features/publishing/data/posts';
export {
  rescheduleFailedJob,
  refreshFailedJobs,
  createFailedJobsSync,
  fetchFailedJobs,
  toLocalFailedJob,
  isFailedJob,
  failedJobLabel,
  failedJobEntityKey,
  rescheduleFailedJobMutation,
  FAILED_JOB_KINDS,
  FAILED_JOBS_COLLECTION,
} from '../features/publishing/data/failed-jobs';
export type { RescheduleFailedJobPayload } from '../features/publishing/data/failed-jobs';
export { createPublishVideosSync, fetchPublishVideos, refreshPublishVideos, isPublishableVideo, PUBLISH_VIDEOS_COLLECTION } from '../features/publishing/data/publish-videos';
export { createPublishingSyncs, refreshPublishing } from '../features/publishing/data/pulls';
export { UNDO_WINDOW_MS, UndoTooLateError } from '../store/undo-delete';
export type { DeletedRow } from '../store/undo-delete';
export { MAX_PAGE_SIZE, fetchAllPages } from '../sync/paged-pull';
export type { RowSyncStatus, SyncFields } from '../store/local-rows';
