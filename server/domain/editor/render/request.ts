// POST /api/ai-videos/{id}/versions: render the saved timeline as the next version. The creator
// asks for the revision they saw and the price they were shown; anything else is refused before a
// credit moves. The charge, the version rows and the answer are one transaction (and one
// Idempotency-Key), so an outbox replay never queues or pays twice.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Timeline } from '../../../../contract/timeline';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { aiVideos, aiVideoVersions, type AiVideoRow, type AiVideoVersionRow } from '../../../db/schema-videos';
import { LEDGER_REASONS } from '../../credits/costs';
import { chargeCredits } from '../../credits/monthly-charge';
import { findStoredResponse, runIdempotent } from '../../idempotency/idempotency';
import { planFor } from '../../plans/plans';
import { ClientProblem, NotFoundError } from '../../problems';
import { VIDEO_NOT_FOUND } from '../../videos/videos';
import { timelinePrice } from '../price';
import { timelineOfRow, VIDEO_STILL_BEING_MADE } from '../timeline-store';

export const VERSION_ALREADY_RENDERING = 'A version of this video is already rendering. Wait for it to finish, then render again.';
export const TIMELINE_MOVED_ON = 'Your edits changed since this render was asked for. Check the price and render again.';
export const NOTHING_TO_RENDER = 'Nothing changed since the newest version: edit something first.';
export const priceChanged = (credits: number) => `The price of this render is now ${credits} credit${credits === 1 ? '' : 's'}. Check it and render again.`;

export interface RequestVersionInput {
  userId: number;
  videoId: string;
  revision: number;
  credits: number;
  idempotencyKey: string | undefined;
  path: string;
  rawBody: unknown;
}

export interface RequestedVersion {
  status: number;
  versionId: string;
  replayed: boolean;
}

/** The timeline the newest version was rendered from (what "changed" is measured against). */
export async function newestRenderedTimeline(db: Db, video: AiVideoRow): Promise<Timeline | null> {
  const [row] = await db
    .select({ timeline: aiVideoVersions.timeline })
    .from(aiVideoVersions)
    .where(and(eq(aiVideoVersions.videoId, video.id), eq(aiVideoVersions.version, video.currentVersion)));
  if (row?.timeline) return row.timeline;
  // Never edited and rendered: v1 is the first render, whose timeline is the derived one.
  return video.currentVersion === 1 ? timelineOfRow({ ...video, timeline: null }).timeline : null;
}

export async function requestVersion(db: Db, input: RequestVersionInput): Promise<RequestedVersion> {
  const idempotent = { userId: input.userId, key: input.idempotencyKey, method: 'POST', path: input.path, body: input.rawBody };
  const earlier = await findStoredResponse(db, idempotent);
  if (earlier) return { status: earlier.status, versionId: (earlier.body as { id: string }).id, replayed: true };
  const result = await runIdempotent(db, idempotent, async (tx) => {
    const [video] = await tx
      .select()
      .from(aiVideos)
      .where(and(eq(aiVideos.id, input.videoId), eq(aiVideos.userId, input.userId)))
      .for('update');
    if (!video) throw new NotFoundError(VIDEO_NOT_FOUND);
    if (video.status !== 'completed') throw new ClientProblem(409, VIDEO_STILL_BEING_MADE);
    const versions = await tx.select().from(aiVideoVersions).where(eq(aiVideoVersions.videoId, video.id)).orderBy(desc(aiVideoVersions.version));
    if (versions.some((row) => row.status === 'queued' || row.status === 'processing')) throw new ClientProblem(409, VERSION_ALREADY_RENDERING);
    if (input.revision !== video.timelineRevision) throw new ClientProblem(409, TIMELINE_MOVED_ON);
    const { timeline } = timelineOfRow(video);
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new Error('authenticated user not found');
    const price = timelinePrice(timeline, planFor(user.plan).video.creditsPerSecond, await newestRenderedTimeline(tx, video));
    if (!price.changed) throw new ClientProblem(409, NOTHING_TO_RENDER);
    if (price.credits !== input.credits) throw new ClientProblem(409, priceChanged(price.credits));
    if (price.credits > 0) await chargeCredits(tx, input.userId, price.credits, LEDGER_REASONS.versionRender);
    // v1 is recorded once an edit is rendered, so it stays playable beside the new versions.
    if (versions.length === 0) await tx.insert(aiVideoVersions).values(firstVersionOf(video));
    const number = Math.max(video.currentVersion, versions[0]?.version ?? 1) + 1;
    const id = crypto.randomUUID();
    await tx.insert(aiVideoVersions).values({ id, videoId: video.id, userId: video.userId, version: number, status: 'queued', revision: video.timelineRevision, timeline, creditsCharged: price.credits });
    return { status: 202, body: { id, version: number } };
  });
  return { status: result.status, versionId: (result.body as { id: string }).id, replayed: result.replayed };
}

function firstVersionOf(video: AiVideoRow): typeof aiVideoVersions.$inferInsert {
  return {
    id: crypto.randomUUID(),
    videoId: video.id,
    userId: video.userId,
    version: 1,
    status: 'completed',
    progress: 100,
    revision: null,
    timeline: timelineOfRow({ ...video, timeline: null }).timeline,
    creditsCharged: 0,
    videoKey: video.videoKey,
    thumbnailKey: video.thumbnailKey,
    duration: video.duration,
    width: video.width,
    height: video.height,
    sizeBytes: video.sizeBytes,
    createdAt: video.createdAt,
  };
}

/** Versions queued or rendering, oldest first (to queue again at start). */
export async function unfinishedVersionIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: aiVideoVersions.id }).from(aiVideoVersions).where(inArray(aiVideoVersions.status, ['queued', 'processing'])).orderBy(aiVideoVersions.createdAt);
  return rows.map((row) => row.id);
}


/** Embedded database: this process is the only renderer, so a heartbeat left on a version is a crashed run's. */
export async function releaseCrashedVersions(db: Db): Promise<void> {
  await db.update(aiVideoVersions).set({ heartbeatAt: null }).where(eq(aiVideoVersions.status, 'processing'));
}

/** A version of the owner's video, by its id (the POST's answer). */
export async function versionRow(db: Db, userId: number, versionId: string): Promise<AiVideoVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(aiVideoVersions)
    .where(and(eq(aiVideoVersions.id, versionId), eq(aiVideoVersions.userId, userId)));
  return row;
}
