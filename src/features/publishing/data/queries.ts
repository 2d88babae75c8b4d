// The publishing screens' reads of the local store (offline too): posts, failed jobs and the
// videos that can be published. Plain functions: a screen runs them through useLiveQuery, a test
// calls them directly. The accounts are the accounts domain's (src/features/accounts/data).
import { db, type LocalAccount, type LocalFailedJob, type LocalPost, type PublishVideoRow } from '../../../store/db';

/** Every post, in no particular order (the calendar places them by time). */
export const allPosts = (): Promise<LocalPost[]> => db.posts.toArray();

export const postById = (id: string): Promise<LocalPost | undefined> => db.posts.get(id);

/** Newest created first (the posts list). */
export const postsNewestFirst = (): Promise<LocalPost[]> => db.posts.orderBy('created_at').reverse().toArray();

export const failedJobCount = (): Promise<number> => db.failedJobs.count();

/** Most recently failed first. */
export const failedJobsNewestFirst = (): Promise<LocalFailedJob[]> => db.failedJobs.orderBy('failed_at').reverse().toArray();

/** The finished videos a post can carry, newest first. */
export const publishableVideosNewestFirst = (): Promise<PublishVideoRow[]> => db.publishVideos.orderBy('created_at').reverse().toArray();

/** What the publish alerts are derived from: every post and every account. */
export const publishAlertInputs = (): Promise<[LocalPost[], LocalAccount[]]> => Promise.all([db.posts.toArray(), db.accounts.toArray()]);
