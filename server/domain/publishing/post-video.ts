// The file a post publishes: the video's version the post was made from (posts.video_version), so
// an edit rendered afterwards never changes what an already scheduled post uploads. A post made
// before versions existed, or whose version has no row of its own (v1 before any edit was
// rendered), publishes the file the video row holds.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PostRow } from '../../db/schema-publishing';
import { aiVideos, aiVideoVersions } from '../../db/schema-videos';

export interface PostVideoFile {
  videoKey: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  sizeBytes: number | null;
}

const fileColumns = <T extends typeof aiVideos | typeof aiVideoVersions>(table: T) => ({
  videoKey: table.videoKey,
  duration: table.duration,
  width: table.width,
  height: table.height,
  sizeBytes: table.sizeBytes,
});

/** The owner's video file for `post`; undefined when the post names no video or it is gone. */
export async function postVideoFile(db: Db, post: Pick<PostRow, 'userId' | 'videoId' | 'videoVersion'>): Promise<PostVideoFile | undefined> {
  if (!post.videoId) return undefined;
  if (post.videoVersion !== null) {
    const [version] = await db
      .select(fileColumns(aiVideoVersions))
      .from(aiVideoVersions)
      .where(and(eq(aiVideoVersions.videoId, post.videoId), eq(aiVideoVersions.userId, post.userId), eq(aiVideoVersions.version, post.videoVersion)));
    if (version) return version;
  }
  const [video] = await db
    .select(fileColumns(aiVideos))
    .from(aiVideos)
    .where(and(eq(aiVideos.id, post.videoId), eq(aiVideos.userId, post.userId)));
  return video;
}
