// The creator's transcriptions: how a row is shown (Transcription / TranscriptionSummary), the
// owner-scoped reads and the monthly count the quota uses. Every query names the owner, so another
// user's id is simply "not found".
import { and, count, eq, gte } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import type { Transcription, TranscriptionStatus, TranscriptionSummary } from '../../../contract/transcriptions';
import type { Db } from '../../db/client';
import { transcriptions, type TranscriptionRow } from '../../db/schema-transcriptions';
import type { MediaUrlSigner } from '../../media/storage/types';
import { findOwnedRow, listOwnedRows, paginated } from '../media-library/paginate';
import { monthWindowUtc } from '../credits/monthly-charge';
import { jobSummaryFields } from '../shared/job-summary';

/** A stored transcription as the domain's functions hand it to their callers. */
export type { TranscriptionRow };

export const TRANSCRIPTION_NOT_FOUND = 'This transcription does not exist.';
/** Signed media URLs live this long (the same as videos'). */
export const TRANSCRIPTION_URL_TTL_SECONDS = 6 * 3600;

/** Where the captioned video of a transcription lives (replaced only by a successful render). */
export function captionedKeyOf(userId: number, id: string): string {
  return `${transcriptionPrefix(userId, id)}captioned.mp4`;
}

/** Where every file of a transcription lives; deleting the transcription deletes this prefix. */
export function transcriptionPrefix(userId: number, id: string): string {
  return `users/${userId}/transcriptions/${id}/`;
}

export function toTranscriptionSummary(row: TranscriptionRow, signer: MediaUrlSigner): TranscriptionSummary {
  const completed = row.status === 'completed';
  return {
    ...jobSummaryFields(row),
    language: row.language ?? row.settings.language,
    engine: completed && row.engineId && row.engineLabel ? { id: row.engineId, label: row.engineLabel } : null,
    rough_draft: completed && row.roughDraft,
    duration: completed ? row.duration : null,
    text: completed ? (row.transcript ?? '') : null,
    caption_settings: row.settings.caption_settings,
    render_video: row.settings.render_video,
    process_now: row.settings.process_now,
    media_url: signer.sign(row.mediaKey, { ttlSeconds: TRANSCRIPTION_URL_TTL_SECONDS }),
    media_type: row.mediaType,
    media_size: row.mediaSize,
    captions: completed ? { srt: `/api/transcriptions/${row.id}/captions.srt`, vtt: `/api/transcriptions/${row.id}/captions.vtt` } : null,
    render_status: row.renderStatus,
    render_progress: row.renderProgress,
    render_error: row.renderError,
    render_outdated: row.captionedKey !== null && row.renderedVersion !== row.editVersion,
    captioned_url: row.captionedKey ? signer.sign(row.captionedKey, { ttlSeconds: TRANSCRIPTION_URL_TTL_SECONDS }) : null,
    captioned_download_url: row.captionedKey ? signer.sign(row.captionedKey, { ttlSeconds: TRANSCRIPTION_URL_TTL_SECONDS, downloadName: `${row.title} (captioned).mp4` }) : null,
  };
}

export function toTranscription(row: TranscriptionRow, signer: MediaUrlSigner): Transcription {
  return { ...toTranscriptionSummary(row, signer), words: row.status === 'completed' ? (row.words ?? []) : [] };
}

export async function findTranscriptionRow(db: Db, userId: number, id: string): Promise<TranscriptionRow> {
  return findOwnedRow(db, transcriptions, userId, id, TRANSCRIPTION_NOT_FOUND);
}

export interface TranscriptionListQuery {
  page: number;
  perPage: number;
  status?: TranscriptionStatus | undefined;
  search?: string | undefined;
}

/** One page of the owner's transcriptions, newest first. */
export async function listTranscriptions(db: Db, signer: MediaUrlSigner, userId: number, query: TranscriptionListQuery): Promise<Paginated<TranscriptionSummary>> {
  const { rows, total } = await listOwnedRows(db, transcriptions, userId, query);
  return paginated(
    rows.map((row) => toTranscriptionSummary(row, signer)),
    total,
    query,
  );
}

/** Transcriptions created this calendar month (UTC): what transcriptions_per_month counts. */
export async function transcriptionsThisMonth(db: Db, userId: number, now: Date): Promise<number> {
  const [{ used } = { used: 0 }] = await db
    .select({ used: count() })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), gte(transcriptions.createdAt, monthWindowUtc(now).start)));
  return used;
}
