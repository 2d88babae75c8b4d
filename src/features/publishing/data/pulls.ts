// The publishing collections' pulls in one place, for the page's sync runtime: posts,
// calendar entries, failed jobs and the publishable videos. (Connected accounts belong to the
// connect screen's collection.) No React, no zod.
import type { CollectionSync, HttpGet } from '../../../sync/pull';
import { pullNow } from '../../../sync/engine';
import { ACCOUNTS_COLLECTION } from '../../accounts/data';
import { createFailedJobsSync, FAILED_JOBS_COLLECTION } from './failed-jobs';
import { createCalendarSync, createPostsSync, POSTS_COLLECTION } from './post-sync';
import { createPublishVideosSync, PUBLISH_VIDEOS_COLLECTION } from './publish-videos';

export function createPublishingSyncs(get: HttpGet): CollectionSync[] {
  return [createPostsSync(get), createCalendarSync(get), createFailedJobsSync(get), createPublishVideosSync(get)];
}


/** The publish screen's route entry: everything it shows, pulled now (failures show in the indicator). */
export async function refreshPublishing(): Promise<void> {
  await Promise.all(
    [POSTS_COLLECTION, FAILED_JOBS_COLLECTION, PUBLISH_VIDEOS_COLLECTION, ACCOUNTS_COLLECTION].map((name) => pullNow(name).catch(() => undefined)),
  );
}
