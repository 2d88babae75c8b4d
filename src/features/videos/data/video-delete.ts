// Deleting a video together with the posts still scheduled to publish it: those posts could only
// fail at their time ("the video was deleted"), so the creator confirms both at once (My videos
// says how many there are). Each post goes through its own outbox DELETE and the video through
// its own, all held for the undo window, so it works offline and Undo brings everything back.
// The server cancels the same posts when the video's DELETE arrives (docs/decisions/videos.md),
// so the outcome does not depend on the order the requests reach it. No React.
import { db, type LocalPost } from '../../../store/db';
import { deletePost, undoDeletePost, writePosts, type DeletedPost } from '../../publishing/data';
import { deleteVideoLocally, undoDeleteVideo, type DeletedVideo } from './videos';

export interface DeletedVideoWithPosts {
  video: DeletedVideo;
  posts: DeletedPost[];
}

/** The posts on this device still scheduled to publish the video: what deleting it cancels. */
export function scheduledPostsOf(videoId: string): Promise<LocalPost[]> {
  return db.posts
    .where('status')
    .equals('scheduled')
    .filter((post) => post.video_id === videoId)
    .toArray();
}

/** Cancel the video's scheduled posts, then delete the video; if the video cannot be, the posts come back. */
export async function deleteVideoWithPosts(videoId: string): Promise<DeletedVideoWithPosts> {
  const posts = await writePosts(async () => {
    const deleted: DeletedPost[] = [];
    for (const post of await scheduledPostsOf(videoId)) deleted.push(await deletePost(post.id));
    return deleted;
  });
  try {
    return { video: await deleteVideoLocally(videoId), posts };
  } catch (error) {
    for (const post of posts) await undoDeletePost(post).catch(() => false);
    throw error;
  }
}

/**
 * Undo while the DELETEs are still held: the video first (UndoTooLateError when it was already
 * sent, and then its posts were too), then its posts.
 */
export async function undoDeleteVideoWithPosts(deleted: DeletedVideoWithPosts): Promise<boolean> {
  const restored = await undoDeleteVideo(deleted.video);
  for (const post of deleted.posts) await undoDeletePost(post);
  return restored;
}
