// Every URL of the publishing API this client calls, built in one place: the outbox requests, the
// pulls and the direct calls (schedule import/export, TikTok creator info) all take them from here.
const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

export const PUBLISHING_URLS = {
  createPost: '/api/create/post',
  saveDraft: '/api/create/post/draft',
  post: postPath,
  reschedulePost: (id: string) => `${postPath(id)}/reschedule`,
  posts: '/api/get/posts',
  /** With the trailing slash, as the spec spells it. */
  calendar: '/api/get/calendar/',
  failedJobs: '/api/get/failed-jobs',
  failedJob: (id: string) => `/api/failed-jobs/${encodeURIComponent(id)}`,
  rescheduleFailedJob: '/api/reschedule/failed-jobs',
  publishableVideos: '/api/get/videos',
  tiktokCreatorInfo: '/api/tiktok/creator-info',
  feedToken: '/api/schedule/feed-token',
  importPreview: '/api/schedule/import/preview',
  importPosts: '/api/schedule/import',
  exportCsv: '/api/schedule/export.csv',
} as const;
