// The publishing domain's public data API: what the app's wiring (sync runtime, service worker)
// and other features (videos deletes a video's posts with it; plans watch charges) may use. No React.
export {
  CALENDAR_COLLECTION,
  POST_KINDS,
  POSTS_COLLECTION,
  createPost,
  deletePost,
  isPost,
  postTitle,
  refreshCalendar,
  refreshPosts,
  reschedulePost,
  saveDraft,
  toLocalPost,
  undoDeletePost,
  writePosts,
} from './posts';
export type { DeletedPost } from './posts';
export { FAILED_JOB_KINDS, FAILED_JOBS_COLLECTION, dismissFailedJobMutation, refreshFailedJobs, rescheduleFailedJobMutation, toLocalFailedJob } from './failed-jobs';
export { DUE_CHECK_MS, DUE_SOON_MS, livePostsSignature } from './post-polling';
export { PUBLISH_VIDEOS_COLLECTION, refreshPublishVideos } from './publish-videos';
export { ALERT_WINDOW_MS, postAlert, publishAlerts } from './publish-alerts';
export type { AlertAccount, AlertLevel, PostAlert, PublishAlerts } from './publish-alerts';
export { createPublishingSyncs, refreshPublishing } from './pulls';
export { allPosts, failedJobCount, failedJobsNewestFirst, postById, postsNewestFirst, publishAlertInputs } from './queries';
