// For whom a job ran: the owner of the row its work is about, for the job's log line. A row
// deleted meanwhile has no owner left (null).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { posts, postTargets } from '../db/schema-publishing';
import { transcriptions } from '../db/schema-transcriptions';
import { aiVideos, aiVideoVersions } from '../db/schema-videos';

export async function videoOwner(db: Db, videoId: string): Promise<number | null> {
  const [row] = await db.select({ userId: aiVideos.userId }).from(aiVideos).where(eq(aiVideos.id, videoId));
  return row?.userId ?? null;
}

export async function transcriptionOwner(db: Db, id: string): Promise<number | null> {
  const [row] = await db.select({ userId: transcriptions.userId }).from(transcriptions).where(eq(transcriptions.id, id));
  return row?.userId ?? null;
}

export async function targetOwner(db: Db, targetId: string): Promise<number | null> {
  const [row] = await db.select({ userId: posts.userId }).from(postTargets).innerJoin(posts, eq(posts.id, postTargets.postId)).where(eq(postTargets.id, targetId));
  return row?.userId ?? null;
}

export async function versionOwner(db: Db, versionId: string): Promise<number | null> {
  const [row] = await db.select({ userId: aiVideoVersions.userId }).from(aiVideoVersions).where(eq(aiVideoVersions.id, versionId));
  return row?.userId ?? null;
}
