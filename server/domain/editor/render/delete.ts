// DELETE /api/ai-videos/{id}/versions/{version}: an earlier version's files go, the video and its
// other versions stay. The version the video plays now cannot be deleted (delete the video for
// that), nor one a post still waits to publish. Segments are shared between versions and stay
// until the video is deleted.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts } from '../../../db/schema-publishing';
import { aiVideos, aiVideoVersions } from '../../../db/schema-videos';
import type { MediaStorage } from '../../../media/storage/types';
import { ClientProblem, NotFoundError } from '../../problems';
import { VIDEO_NOT_FOUND, videoPrefix } from '../../videos/videos';

export const VERSION_NOT_FOUND = 'This version no longer exists.';
export const VERSION_IS_CURRENT = 'This is the version your video plays now. Delete the video to remove it.';
export const VERSION_RENDERING = 'This version is still rendering. Wait for it to finish.';
export const VERSION_IN_POSTS = 'A post waiting to be published uses this version. Change or delete that post first.';

const WAITING_POSTS = ['draft', 'scheduled', 'publishing', 'failed', 'partially_published'] as const;

export async function deleteVersion(db: Db, storage: MediaStorage, userId: number, videoId: string, version: number): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [video] = await tx
      .select()
      .from(aiVideos)
      .where(and(eq(aiVideos.id, videoId), eq(aiVideos.userId, userId)))
      .for('update');
    if (!video) throw new NotFoundError(VIDEO_NOT_FOUND);
    const [row] = await tx.select().from(aiVideoVersions).where(and(eq(aiVideoVersions.videoId, videoId), eq(aiVideoVersions.version, version)));
    if (!row) throw new NotFoundError(VERSION_NOT_FOUND);
    if (version === video.currentVersion) throw new ClientProblem(409, VERSION_IS_CURRENT);
    if (row.status === 'queued' || row.status === 'processing') throw new ClientProblem(409, VERSION_RENDERING);
    const [waiting] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.videoId, videoId), eq(posts.videoVersion, version), inArray(posts.status, [...WAITING_POSTS])))
      .limit(1);
    if (waiting) throw new ClientProblem(409, VERSION_IN_POSTS);
    await tx.delete(aiVideoVersions).where(eq(aiVideoVersions.id, row.id));
    await tx.update(aiVideos).set({ updatedAt: sql`now()` }).where(eq(aiVideos.id, videoId));
    return [row.videoKey, row.thumbnailKey].filter((key): key is string => key !== null);
  });
  // After the commit: a failed delete leaves an orphan file under the video's folder (removed with
  // the video), never a row without its file.
  const prefix = videoPrefix(userId, videoId);
  for (const key of keys) if (key.startsWith(prefix)) await storage.deletePrefix(key);
}
