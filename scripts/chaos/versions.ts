// The editor on many processes: a creator's timeline is read on one API process and saved on the
// other (If-Match), a render of it is asked for on one and the same request replayed on the other
// (one Idempotency-Key), and a worker is killed while it encodes a version. Afterwards each
// version must be made once, be the video's current file, leave v1's file in place and be
// charged once.
import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type pg from 'pg';
import { timelineEtag, type TimelineResponse, type VideoVersion } from '../../contract/timeline';
import { HttpError, type Creator } from './api-client';
import { listKeys, type Checks } from './checks';

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

async function answer<T>(response: Response, expected: number, what: string): Promise<T> {
  const body = await response.text();
  if (response.status !== expected) throw new HttpError(`${what}: expected ${expected}, got ${response.status} ${body.slice(0, 400)}`);
  return JSON.parse(body) as T;
}

export interface RequestedVersion {
  creator: Creator;
  videoId: string;
  version: VideoVersion;
  /** The line scene 1 says in the new version. */
  line: string;
}

/**
 * Opens the video's timeline on `read`, saves scene 1 rewritten on `save`, and asks for the render
 * on `read` and again on `save` with the same Idempotency-Key: both answers must be one version.
 */
export async function editAndRender(read: string, save: string, creator: Creator, videoId: string): Promise<RequestedVersion> {
  const opened = await answer<TimelineResponse>(await fetch(`${read}/api/ai-videos/${videoId}/timeline`, { headers: bearer(creator.token) }), 200, `GET timeline of ${videoId}`);
  const timeline = structuredClone(opened.timeline);
  const line = `Edited on another process, ${randomUUID().slice(0, 8)}.`;
  timeline.scenes[0]!.text = line;
  const saved = await answer<TimelineResponse>(
    await fetch(`${save}/api/ai-videos/${videoId}/timeline`, {
      method: 'PUT',
      headers: { ...bearer(creator.token), 'content-type': 'application/json', 'if-match': timelineEtag(opened.revision), 'idempotency-key': randomUUID() },
      body: JSON.stringify({ timeline }),
    }),
    200,
    `PUT timeline of ${videoId}`,
  );
  const key = randomUUID();
  const ask = async (base: string) =>
    answer<VideoVersion>(
      await fetch(`${base}/api/ai-videos/${videoId}/versions`, {
        method: 'POST',
        headers: { ...bearer(creator.token), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ revision: saved.revision, credits: saved.price.credits }),
      }),
      202,
      `POST versions of ${videoId}`,
    );
  const first = await ask(read);
  const replay = await ask(save);
  if (replay.version !== first.version) throw new HttpError(`the replayed render request of ${videoId} made v${replay.version} beside v${first.version}`);
  return { creator, videoId, version: first, line };
}

interface VersionRow {
  id: string;
  video_id: string;
  user_id: number;
  version: number;
  status: string;
  error: string | null;
  attempts: number;
  video_key: string | null;
  size_bytes: string | null;
  credits_charged: number;
  credits_refunded: number;
}

/** Versions each edited video must now have: v1 (recorded beside v2) and v2; `processingAtKill`: attempts by version row id. */
export async function checkVersions(checks: Checks, db: pg.Client, s3: S3Client, bucket: string, requested: RequestedVersion[], processingAtKill: Map<string, number>): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>('SELECT id, video_id, user_id, version, status, error, attempts, video_key, size_bytes, credits_charged, credits_refunded FROM ai_video_versions ORDER BY video_id, version');
  const problems: string[] = [];
  for (const { videoId, version } of requested) {
    const theirs = rows.filter((row) => row.video_id === videoId);
    const numbers = theirs.map((row) => row.version).join(',');
    if (numbers !== `1,${version.version}`) problems.push(`${videoId} has versions ${numbers}, expected 1,${version.version}`);
    const made = theirs.find((row) => row.version === version.version);
    if (!made) continue;
    if (made.status !== 'completed') problems.push(`${videoId} v${made.version} is ${made.status}${made.error ? ` (${made.error})` : ''}`);
    const allowed = (processingAtKill.get(made.id) ?? 0) + 1;
    if (made.attempts > allowed) problems.push(`${videoId} v${made.version} claimed ${made.attempts} times (at most ${allowed})`);
    const files = await listKeys(s3, bucket, `users/${made.user_id}/videos/${videoId}/`);
    const file = files.find((entry) => entry.key === made.video_key);
    if (!file || file.size !== Number(made.size_bytes)) problems.push(`${videoId} v${made.version}: ${made.video_key} is ${file ? `${file.size} B, the row says ${made.size_bytes}` : 'not in the bucket'}`);
    const first = theirs.find((row) => row.version === 1);
    if (!first?.video_key || !files.some((entry) => entry.key === first.video_key)) problems.push(`${videoId}: v1's file ${first?.video_key ?? '(none)'} is gone`);
    const { rows: video } = await db.query<{ current_version: number; video_key: string | null }>('SELECT current_version, video_key FROM ai_videos WHERE id = $1', [videoId]);
    if (video[0]?.current_version !== made.version || video[0]?.video_key !== made.video_key) problems.push(`${videoId} plays v${video[0]?.current_version} (${video[0]?.video_key}), not v${made.version}`);
  }
  checks.expect(problems.length === 0, 'every edit rendered once as v2 (claimed once, a killed one once more), current, with v1 kept', problems.join('; '));

  const ledger = (await db.query<{ user_id: number; delta: number }>(`SELECT user_id, delta FROM credit_ledger WHERE reason = 'video edit render'`)).rows;
  const charges: string[] = [];
  for (const userId of new Set(requested.map((entry) => entry.creator.id))) {
    const versions = rows.filter((row) => row.user_id === userId && row.version > 1);
    const entries = ledger.filter((entry) => entry.user_id === userId);
    const paid = versions.filter((row) => row.credits_charged > 0);
    if (entries.length !== paid.length) charges.push(`user ${userId}: ${entries.length} edit charges for ${paid.length} paid versions`);
    const total = entries.reduce((sum, entry) => sum + entry.delta, 0);
    const charged = versions.reduce((sum, row) => sum + row.credits_charged - row.credits_refunded, 0);
    if (total !== -charged) charges.push(`user ${userId}: edit charges add up to ${total}, the versions were charged ${charged}`);
    const { rows: balance } = await db.query<{ credits: number; sum: string }>('SELECT credits, (SELECT coalesce(sum(delta), 0) FROM credit_ledger WHERE user_id = $1) AS sum FROM users WHERE id = $1', [userId]);
    if (Number(balance[0]?.sum) !== balance[0]?.credits) charges.push(`user ${userId}: balance ${balance[0]?.credits}, ledger sum ${balance[0]?.sum}`);
  }
  checks.expect(charges.length === 0, 'each edit render charged once, at its price', charges.join('; '));
  return rows;
}
