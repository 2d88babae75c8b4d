// The offline-first collections (DESIGN §4): one module per collection, each with its outbox kinds,
// the reactions to their outcomes and its pull; shared/ holds what they have in common. The engine
// they run on is src/sync. No React here: the page and the service worker import the same modules
// (the worker imports each module for its side effect of registering the kinds). This barrel loads
// every collection, zod included (videos.ts validates requests): code that needs one collection
// and no zod (the sync runtime, the scripts screens) imports that module directly.
export {
  createScriptLocally,
  updateScriptLocally,
  deleteScriptLocally,
  undoDeleteScript,
  saveGeneratedScript,
  refreshScripts,
  createScriptsSync,
  fetchAllScripts,
  toLocalScript,
  countWords,
  scriptEntityKey,
  createScriptMutation,
  updateScriptMutation,
  deleteScriptMutation,
  SCRIPTS_COLLECTION,
  SCRIPTS_PAGE_SIZE,
} from './scripts';
export type { CreateScriptInput, CreateScriptPayload, DeletedScript, UpdateScriptPayload, DeleteScriptPayload, ScriptChanges, ScriptFields } from './scripts';
export {
  createVideoLocally,
  deleteVideoLocally,
  undoDeleteVideo,
  restartVideoLocally,
  setVideoKeptOffline,
  refreshVideos,
  createVideosSync,
  fetchAllVideos,
  toLocalVideo,
  isAiVideo,
  isVideoActive,
  videoEntityKey,
  createVideoMutation,
  deleteVideoMutation,
  restartVideoMutation,
  VIDEO_KINDS,
  VIDEOS_COLLECTION,
} from './videos';
export type { CreateVideoPayload, DeletedVideo, VideoChangePayload } from './videos';
export {
  keepVideoOffline,
  removeOfflineVideo,
  forgetOfflineVideo,
  offlineVideoSize,
  offlineVideoBlob,
  offlineVideoPath,
  offlineVideoIdOf,
  pruneOfflineVideos,
  keepCaptionedOffline,
  offlineCaptionedPath,
  offlineCaptionedIdOf,
  isOfflineCopyPath,
  pruneOfflineCaptioned,
  OFFLINE_VIDEO_CACHE,
} from './video-offline';
export type { OfflineCopyKind } from './video-offline';
export { startVideoPolling, nextPollDelay, signatureOf, VIDEO_POLL_MIN_MS, VIDEO_POLL_MAX_MS } from './video-polling';
export type { VideoPolling, VideoPollingOptions, TimerApi } from './video-polling';
export {
  saveUploadedTrack,
  renameTrackLocally,
  deleteTrackLocally,
  undoDeleteTrack,
  refreshMusic,
  createMusicSync,
  fetchAllMusic,
  toLocalTrack,
  isMusicTrack,
  musicEntityKey,
  renameTrackMutation,
  deleteTrackMutation,
  MUSIC_KINDS,
  MUSIC_COLLECTION,
  MUSIC_TITLE_MAX,
} from './music';
export type { DeletedTrack, RenameTrackPayload, DeleteTrackPayload } from './music';
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
} from './accounts';
export type { ConnectGet, ConnectOptions, DisconnectAccountPayload } from './accounts';
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
} from './posts';
export type { CreatePostPayload, SaveDraftPayload, ReschedulePostPayload, DeletePostPayload, DeletedPost } from './posts';
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
} from './failed-jobs';
export type { RescheduleFailedJobPayload } from './failed-jobs';
export { createPublishVideosSync, fetchPublishVideos, refreshPublishVideos, isPublishableVideo, PUBLISH_VIDEOS_COLLECTION } from './publish-videos';
export { createPublishingSyncs, refreshPublishing } from './publishing';
export { createPlansSync, createUsageSync, refreshPlans, refreshUsage, PLANS_COLLECTION, USAGE_COLLECTION } from './plans';
export { UNDO_WINDOW_MS, UndoTooLateError } from './shared/undo-delete';
export type { DeletedRow } from './shared/undo-delete';
export { MAX_PAGE_SIZE, fetchAllPages } from './shared/paged-pull';
export type { RowSyncStatus, SyncFields } from './shared/local-rows';
