// The completed videos a post can use: GET /api/get/videos into `db.publishVideos`, read
// only (videos are made on the create screens), so the compose form can offer them offline. No React.
import type { PublishableVideo } from '../../../../contract/publishing';
import { db } from '../../../store/db';
import { pullNow } from '../../../sync/engine';
import { createCollectionSync, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { plain } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { unchangedWhenForbidden } from '../../../session/plan-access';
import { PUBLISHING_URLS } from './urls';

export const PUBLISH_VIDEOS_COLLECTION = 'publishVideos';

export function isPublishableVideo(value: unknown): value is PublishableVideo {
  const video = value as Partial<PublishableVideo> | null;
  return typeof video === 'object' && video !== null && typeof video.id === 'string' && typeof video.title === 'string';
}

/** GET /api/get/videos (a `{data}` list; pages are followed if the server pages it). */
export function fetchPublishVideos(get: HttpGet, etag: string | null): Promise<PullResponse<PublishableVideo>> {
  return fetchAllPages(get, etag, { path: PUBLISHING_URLS.publishableVideos, isItem: isPublishableVideo, toRow: (video) => plain(video), id: (video) => video.id, noun: 'video list', perPage: 100, maxPages: 5 });
}

export function createPublishVideosSync(get: HttpGet): CollectionSync {
  return createCollectionSync<PublishableVideo, string>({
    collection: PUBLISH_VIDEOS_COLLECTION,
    table: db.publishVideos,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchPublishVideos(get, etag), 'can_publish_post'),
    key: (video) => video.id,
  });
}

/** Pull the publishable videos now; nothing happens while signed out. */
export function refreshPublishVideos(): Promise<void> {
  return pullNow(PUBLISH_VIDEOS_COLLECTION);
}
