// GET /api/get/videos: the owner's completed videos, newest first, with signed thumbnails — what
// the publish screen offers to post.
import { and, desc, eq } from 'drizzle-orm';
import type { PublishableVideo } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { aiVideos } from '../../db/schema-videos';
import type { MediaUrlSigner } from '../../media/storage/types';
import { composeVideoDescription } from '../videos/description';
import { thumbnailUrl } from './post-view';
import { RENDERED_FORMAT } from './preflight';

/** At most this many (the picker shows the newest; older ones are rarely posted). */
export const PUBLISHABLE_VIDEOS_LIMIT = 200;

export async function publishableVideos(db: Db, userId: number, signer: MediaUrlSigner): Promise<PublishableVideo[]> {
  const rows = await db
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.userId, userId), eq(aiVideos.status, 'completed')))
    .orderBy(desc(aiVideos.createdAt), desc(aiVideos.id))
    .limit(PUBLISHABLE_VIDEOS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    thumbnail_url: thumbnailUrl(signer, row),
    duration: row.duration,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
    // What the composer's pre-flight needs: the size, and how our renders are encoded.
    size_bytes: row.sizeBytes,
    ...RENDERED_FORMAT,
    description: composeVideoDescription(row),
  }));
}
