// What must hold once the chaos is over, read from the database, the bucket and the API: each
// video rendered once (completed, one file in the bucket of the size recorded), each post on its
// sandbox channel once, nothing left in flight in the job queues, credits charged once per video,
// and the resumable upload whole.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type pg from 'pg';
import { listPosts, sandboxChannel, type Creator } from './api-client';

/** The queues whose jobs the run makes; each must end with nothing active, waiting or failed. */
export const WATCHED_QUEUES = ['render-video', 'publish-target', 'render-version'];

export class Checks {
  readonly failures: string[] = [];
  readonly passed: string[] = [];

  expect(ok: boolean, what: string, detail = ''): void {
    if (ok) this.passed.push(what);
    else this.failures.push(detail ? `${what}: ${detail}` : what);
  }
}

export async function listKeys(s3: S3Client, bucket: string, prefix: string): Promise<{ key: string; size: number }[]> {
  const keys: { key: string; size: number }[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) keys.push({ key: object.Key ?? '', size: object.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

interface VideoRow {
  id: string;
  user_id: number;
  status: string;
  error: string | null;
  video_key: string | null;
  size_bytes: string | null;
  attempts: number;
  credits_charged: number;
  credits_refunded: number;
}

export async function checkVideos(checks: Checks, db: pg.Client, s3: S3Client, bucket: string, created: Map<string, Creator>): Promise<VideoRow[]> {
  const { rows } = await db.query<VideoRow>('SELECT id, user_id, status, error, video_key, size_bytes, attempts, credits_charged, credits_refunded FROM ai_videos');
  checks.expect(rows.length === created.size, `${created.size} videos in the database, one per request`, `found ${rows.length}`);
  const notDone = rows.filter((row) => row.status !== 'completed');
  checks.expect(notDone.length === 0, 'every video completed', notDone.map((row) => `${row.id} ${row.status}${row.error ? ` (${row.error})` : ''}`).join('; '));
  const fileProblems: string[] = [];
  for (const row of rows) {
    const files = await listKeys(s3, bucket, `users/${row.user_id}/videos/${row.id}/`);
    const videos = files.filter((file) => file.key.endsWith('.mp4'));
    if (videos.length !== 1 || videos[0]!.key !== row.video_key || videos[0]!.size !== Number(row.size_bytes)) {
      fileProblems.push(`${row.id}: ${videos.map((file) => `${file.key} (${file.size} B)`).join(', ') || 'no mp4'} in the bucket, the row says ${row.video_key} (${row.size_bytes} B)`);
    }
  }
  checks.expect(fileProblems.length === 0, 'every video has exactly one rendered file in the bucket, of the size recorded', fileProblems.join('; '));
  return rows;
}

interface LedgerRow {
  user_id: number;
  delta: number;
  reason: string;
  balance_after: number;
}

export async function checkCredits(checks: Checks, db: pg.Client, videos: VideoRow[]): Promise<void> {
  const ledger = (await db.query<LedgerRow>('SELECT user_id, delta, reason, balance_after FROM credit_ledger ORDER BY id')).rows;
  const balances = new Map((await db.query<{ id: number; credits: number }>('SELECT id, credits FROM users')).rows.map((row) => [row.id, row.credits]));
  const problems: string[] = [];
  for (const [userId, credits] of balances) {
    const entries = ledger.filter((entry) => entry.user_id === userId);
    const theirs = videos.filter((video) => video.user_id === userId);
    const count = (reason: string) => entries.filter((entry) => entry.reason === reason).length;
    if (count('video render') !== theirs.length) problems.push(`user ${userId}: ${count('video render')} 'video render' charges for ${theirs.length} videos`);
    if (count('video render restart') + count('video refund') > 0) problems.push(`user ${userId}: ${count('video render restart')} restart charges and ${count('video refund')} refunds (no video was restarted or failed)`);
    if (count('video settlement') > theirs.length) problems.push(`user ${userId}: ${count('video settlement')} settlements for ${theirs.length} videos`);
    const videoDeltas = entries.filter((entry) => entry.reason.startsWith('video')).reduce((sum, entry) => sum + entry.delta, 0);
    const charged = theirs.reduce((sum, video) => sum + video.credits_charged - video.credits_refunded, 0);
    if (videoDeltas !== -charged) problems.push(`user ${userId}: the ledger's video entries add up to ${videoDeltas}, the videos were charged ${charged}`);
    const total = entries.reduce((sum, entry) => sum + entry.delta, 0);
    const last = entries.at(-1)?.balance_after;
    if (total !== credits || last !== credits) problems.push(`user ${userId}: balance ${credits}, ledger sum ${total}, last balance_after ${last}`);
  }
  checks.expect(problems.length === 0, 'credits charged once per video (ledger, balances and videos agree)', problems.join('; '));
}

export async function checkPosts(checks: Checks, db: pg.Client, base: string, posted: Map<string, { creator: Creator; title: string }>): Promise<void> {
  const problems: string[] = [];
  const creators = new Set([...posted.values()].map((entry) => entry.creator));
  for (const creator of creators) {
    const posts = await listPosts(base, creator);
    const channel = await sandboxChannel(base, creator);
    for (const [postId, entry] of posted) {
      if (entry.creator !== creator) continue;
      const post = posts.find((candidate) => candidate.id === postId);
      if (!post) {
        problems.push(`post ${postId} of ${creator.label} is not in its list`);
        continue;
      }
      const target = post.targets[0];
      if (post.status !== 'published' || target?.status !== 'published') {
        problems.push(`post ${postId} is ${post.status}, its target ${target?.status ?? 'missing'}${target?.error ? ` (${target.error})` : ''}`);
      }
      const onChannel = (channel.videos ?? []).filter((video) => video.title === entry.title);
      if (onChannel.length !== 1) problems.push(`"${entry.title}" is ${onChannel.length} times on ${creator.label}'s sandbox channel`);
      else if (target?.platform_post_id !== onChannel[0]!.id) problems.push(`post ${postId} names ${target?.platform_post_id}, the channel shows ${onChannel[0]!.id}`);
    }
  }
  const stored = (await db.query<{ title: string; copies: string }>('SELECT title, count(*) AS copies FROM sandbox_posts GROUP BY title')).rows;
  const doubled = stored.filter((row) => Number(row.copies) !== 1);
  if (doubled.length > 0) problems.push(`sandbox posts stored more than once: ${doubled.map((row) => `"${row.title}" x${row.copies}`).join(', ')}`);
  if (stored.length !== posted.size) problems.push(`${stored.length} sandbox posts stored for ${posted.size} posts`);
  checks.expect(problems.length === 0, 'every post published, exactly once on its sandbox channel', problems.join('; '));
}

/** Jobs of the watched queues per state (pg-boss's own table). */
export async function jobStates(db: pg.Client): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.query<{ name: string; state: string; count: string }>('SELECT name, state::text AS state, count(*) AS count FROM pgboss.job WHERE name = ANY($1) GROUP BY 1, 2', [WATCHED_QUEUES]);
  const states: Record<string, Record<string, number>> = {};
  for (const row of rows) (states[row.name] ??= {})[row.state] = Number(row.count);
  return states;
}

export const unfinishedJobs = (states: Record<string, Record<string, number>>) =>
  Object.values(states).reduce((sum, byState) => sum + (byState.created ?? 0) + (byState.retry ?? 0) + (byState.active ?? 0), 0);

export async function checkJobs(checks: Checks, db: pg.Client): Promise<Record<string, Record<string, number>>> {
  const states = await jobStates(db);
  checks.expect(unfinishedJobs(states) === 0, 'no render or publish job left created, retrying or active', JSON.stringify(states));
  const failed = Object.entries(states).filter(([, byState]) => (byState.failed ?? 0) > 0);
  checks.expect(failed.length === 0, 'no render or publish job failed', JSON.stringify(states));
  return states;
}

/** The finished upload's bytes: from the bucket when the store keeps them there, else from a process's DATA_DIR/uploads. */
export async function uploadedBytes(s3: S3Client, bucket: string, uploadId: string, size: number, dataDirs: string[]): Promise<{ where: string; bytes: Buffer } | null> {
  const inBucket = (await listKeys(s3, bucket, '')).filter((object) => object.key.includes(uploadId) && object.size === size);
  if (inBucket[0]) {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: inBucket[0].key }));
    return { where: `bucket key ${inBucket[0].key}`, bytes: Buffer.from(await answer.Body!.transformToByteArray()) };
  }
  for (const dir of dataDirs) {
    const path = join(dir, 'uploads', uploadId);
    if (existsSync(path)) return { where: `${join('<process data dir>', 'uploads', uploadId)} of one process`, bytes: readFileSync(path) };
  }
  return null;
}
