// The schedule in ("The schedule in and out" in docs/decisions/publishing.md): a CSV of
// posts (video, accounts, time, caption) is read and resolved against the owner's videos and
// accounts, then every row is tried with the real createPost inside a transaction that is rolled
// back — the preview names exactly what the import would refuse, and creates nothing. The import
// then creates all rows through createPost in one transaction, or none.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  importPost,
  type ImportPost,
  type ImportPreviewAccount,
  type ImportPreviewResponse,
  type ImportPreviewRow,
} from '../../../contract/schedule-io';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '../../../contract/publishing';
import { isoInZone, isTimeZone, zonedToIso } from '../../../contract/time-zone';
import type { Db } from '../../db/client';
import { socialAccounts, type SocialAccountRow } from '../../db/schema-publishing';
import { aiVideos } from '../../db/schema-videos';
import { ClientProblem } from '../problems';
import { createPost, PostFieldsError, type CreatePostInput } from './posts';
import { CsvFormatError, parseCsv, undoFormulaGuard } from './csv';
import type { QueuedTarget } from './targets';

/** Header names each field is read from (lower case; the export's own names included). */
const COLUMNS = {
  video: ['video', 'video_id', 'video_title'],
  accounts: ['accounts', 'account', 'account_ids'],
  time: ['scheduled_at', 'time', 'date', 'datetime'],
  timezone: ['timezone', 'time_zone', 'tz'],
  caption: ['caption', 'text'],
  youtubeTitle: ['youtube_title', 'title'],
} as const;
type Field = keyof typeof COLUMNS;
/** Columns of our own export that the import knows and deliberately skips. */
const KNOWN_SKIPPED = ['post_id', 'status', 'published_at'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/;

/** The CSV could not be read at all (no header, a missing column, too many rows): a 422 on csv. */
export class ImportFileError extends Error {}

interface OwnerData {
  videos: { id: string; title: string; status: string }[];
  accounts: SocialAccountRow[];
}

async function ownerData(db: Db, userId: number): Promise<OwnerData> {
  const videos = await db.select({ id: aiVideos.id, title: aiVideos.title, status: aiVideos.status }).from(aiVideos).where(eq(aiVideos.userId, userId));
  const accounts = await db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return { videos, accounts };
}

/** Which cell index holds each field; the first matching header wins, e.g. video_id before video_title. */
function columnIndexes(header: string[]): { indexes: Partial<Record<Field, number[]>>; ignored: string[] } {
  const names = header.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  const indexes: Partial<Record<Field, number[]>> = {};
  const used = new Set<number>();
  for (const field of Object.keys(COLUMNS) as Field[]) {
    const found = COLUMNS[field].flatMap((name) => names.flatMap((header, index) => (header === name ? [index] : [])));
    if (found.length > 0) indexes[field] = found;
    for (const index of found) used.add(index);
  }
  const ignored = header.filter((name, index) => !used.has(index) && name.trim() !== '' && !KNOWN_SKIPPED.includes(names[index]!));
  return { indexes, ignored };
}

/** A field's value in a record: the first of its columns that is not empty. */
function cellOf(record: string[], indexes: number[] | undefined): string {
  for (const index of indexes ?? []) {
    const value = undoFormulaGuard(record[index] ?? '').trim();
    if (value !== '') return value;
  }
  return '';
}

function resolveVideo(data: OwnerData, text: string, errors: string[]): { id: string; title: string } | null {
  if (text === '') {
    errors.push('Name a video: its id or its exact title.');
    return null;
  }
  if (UUID.test(text)) {
    const video = data.videos.find((candidate) => candidate.id === text.toLowerCase());
    if (!video) errors.push(`There is no video with the id ${text} in your library.`);
    return video ? { id: video.id, title: video.title } : null;
  }
  let matches = data.videos.filter((candidate) => candidate.title.trim() === text);
  if (matches.length === 0) matches = data.videos.filter((candidate) => candidate.title.trim().toLowerCase() === text.toLowerCase());
  // Several with that title: a finished one is what can be posted.
  if (matches.length > 1) matches = matches.filter((candidate) => candidate.status === 'completed');
  if (matches.length === 1) return { id: matches[0]!.id, title: matches[0]!.title };
  errors.push(matches.length === 0 ? `No video in your library is called “${text}”.` : `Several finished videos are called “${text}”; use the video id instead.`);
  return null;
}

function platformOf(text: string): SocialPlatform | null {
  const wanted = text.trim().toLowerCase();
  return SOCIAL_PLATFORMS.find((platform) => platform === wanted || PLATFORM_LABELS[platform].toLowerCase() === wanted) ?? null;
}

/** "youtube:My channel;tiktok:@me", account ids, or just names when they are unambiguous. */
function resolveAccounts(data: OwnerData, text: string, errors: string[], warnings: string[]): ImportPreviewAccount[] {
  const parts = text
    .split(/[;\n|]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    errors.push('Name at least one account, e.g. “youtube:My channel”.');
    return [];
  }
  const found: SocialAccountRow[] = [];
  for (const part of parts) {
    let matches: SocialAccountRow[];
    if (UUID.test(part)) {
      matches = data.accounts.filter((account) => account.id === part.toLowerCase());
    } else {
      const colon = part.indexOf(':');
      const platform = colon > 0 ? platformOf(part.slice(0, colon)) : null;
      const name = (platform ? part.slice(colon + 1) : part).trim().toLowerCase();
      matches = data.accounts.filter((account) => (!platform || account.platform === platform) && (account.name.trim().toLowerCase() === name || account.handle?.trim().toLowerCase() === name));
    }
    // A disconnected twin of a connected account is not what was meant.
    if (matches.length > 1) matches = matches.filter((account) => !account.disconnectedAt);
    if (matches.length === 1) {
      const account = matches[0]!;
      if (!found.some((known) => known.id === account.id)) found.push(account);
      if (account.status === 'reconnect' && !account.disconnectedAt) warnings.push(`${account.name} needs reconnecting; the post waits until you reconnect it.`);
    } else {
      errors.push(matches.length === 0 ? `No connected account matches “${part}”.` : `Several accounts match “${part}”; write it as platform:name or use the account id.`);
    }
  }
  return found.map((account) => ({ id: account.id, platform: account.platform, name: account.name }));
}

/** An ISO time with its offset, or "2030-06-01 09:30" in the zone; the result carries the zone's offset. */
function resolveTime(text: string, timeZone: string, errors: string[]): string | null {
  if (text === '') {
    errors.push('Give the time to publish, e.g. 2030-06-01 09:30.');
    return null;
  }
  if (ISO_WITH_OFFSET.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isFinite(ms)) return isoInZone(ms, timeZone);
  }
  const local = LOCAL_TIME.exec(text);
  const iso = local ? zonedToIso(local[1]!, local[2]!, timeZone) : null;
  if (!iso) errors.push(`“${text}” is not a time this import reads; write 2030-06-01 09:30 (in the row's time zone) or an ISO 8601 time.`);
  return iso;
}

/** Messages of a refused createPost, in plain words (the API's 422 / 409 messages). */
function refusalMessages(error: unknown): string[] | null {
  if (error instanceof PostFieldsError) return Object.values(error.errors).flat();
  if (error instanceof ClientProblem) return [error.message];
  return null;
}

class DryRun extends Error {}

/** Tries createPost and undoes it (a savepoint rolled back): null when it would succeed. */
async function dryRun(db: Db, userId: number, input: CreatePostInput, now: Date): Promise<string[] | null> {
  try {
    await db.transaction(async (tx) => {
      await createPost(tx, userId, input, now);
      throw new DryRun();
    });
  } catch (error) {
    if (error instanceof DryRun) return null;
    const messages = refusalMessages(error);
    if (messages) return messages;
    throw error;
  }
  return null;
}

function previewRow(data: OwnerData, record: string[], row: number, indexes: Partial<Record<Field, number[]>>, defaultZone: string): ImportPreviewRow {
  const errors: string[] = [];
  const warnings: string[] = [];
  const input = { video: cellOf(record, indexes.video), accounts: cellOf(record, indexes.accounts), time: cellOf(record, indexes.time) };
  const timezone = cellOf(record, indexes.timezone) || defaultZone;
  const zoneOk = isTimeZone(timezone);
  if (!zoneOk) errors.push(`“${timezone}” is not a time zone; use a name like Europe/Berlin or America/New_York.`);
  const caption = cellOf(record, indexes.caption);
  const youtubeTitle = cellOf(record, indexes.youtubeTitle);
  const video = resolveVideo(data, input.video, errors);
  const accounts = resolveAccounts(data, input.accounts, errors, warnings);
  const scheduledAt = zoneOk ? resolveTime(input.time, timezone, errors) : null;

  let post: ImportPreviewRow['post'] = null;
  if (errors.length === 0 && video && scheduledAt) {
    const candidate: Omit<ImportPost, 'id'> = {
      video_id: video.id,
      account_ids: accounts.map((account) => account.id),
      caption,
      scheduled_at: scheduledAt,
      timezone,
      options: youtubeTitle && accounts.some((account) => account.platform === 'youtube') ? { youtube: { title: youtubeTitle } } : {},
    };
    const checked = importPost.safeParse({ ...candidate, id: randomUUID() });
    if (checked.success) post = candidate;
    else for (const issue of checked.error.issues) if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  return { row, ok: errors.length === 0 && post !== null, errors, warnings, input, video, accounts, scheduled_at: scheduledAt, timezone, caption, post };
}

/**
 * POST /api/schedule/import/preview: every data row resolved and checked, nothing created.
 * `defaultZone` is the zone of times written without one (the creator's, from the browser).
 */
export async function previewImport(db: Db, userId: number, csv: string, defaultZone: string, now = new Date()): Promise<ImportPreviewResponse> {
  let records: string[][];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new ImportFileError(error.message);
    throw error;
  }
  const headerIndex = records.findIndex((record) => record.length > 0);
  if (headerIndex < 0) throw new ImportFileError('The file is empty; it needs a header row and one row per post.');
  const { indexes, ignored } = columnIndexes(records[headerIndex]!);
  const missing = (['video', 'accounts', 'time'] as const).filter((field) => !indexes[field]);
  if (missing.length > 0) {
    throw new ImportFileError(`The header row needs the columns video, accounts and scheduled_at (missing: ${missing.map((field) => COLUMNS[field][0]).join(', ')}).`);
  }
  const dataRows = records.map((record, index) => ({ record, row: index + 1 })).filter(({ record, row }) => row > headerIndex + 1 && record.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw new ImportFileError('The file has a header row but no posts.');
  if (dataRows.length > IMPORT_MAX_ROWS) throw new ImportFileError(`The file has ${dataRows.length} posts; import at most ${IMPORT_MAX_ROWS} at a time.`);
  const zone = isTimeZone(defaultZone) ? defaultZone : 'UTC';

  const data = await ownerData(db, userId);
  const rows = dataRows.map(({ record, row }) => previewRow(data, record, row, indexes, zone));
  for (const row of rows) {
    if (!row.post) continue;
    // The real rules of POST /api/create/post (finished video, connected accounts, time not past…).
    const refused = await dryRun(db, userId, { ...importPost.parse({ ...row.post, id: randomUUID() }) }, now);
    if (refused) {
      row.errors.push(...refused);
      row.ok = false;
      row.post = null;
    }
  }
  const valid = rows.filter((row) => row.ok).length;
  return { rows, valid, invalid: rows.length - valid, ignored_columns: ignored };
}

/**
 * POST /api/schedule/import: creates every row through createPost, in the caller's transaction.
 * Any refused row refuses the whole request (PostFieldsError keyed rows.N.field), so nothing is
 * half imported. Rows whose id is already the owner's post with the same video and accounts are
 * answered as created (a resent import), as createPost does.
 */
export async function importPosts(tx: Db, userId: number, rows: CreatePostInput[], now = new Date()): Promise<{ postIds: string[]; queued: QueuedTarget[] }> {
  const errors: Record<string, string[]> = {};
  const postIds: string[] = [];
  const queued: QueuedTarget[] = [];
  for (const [index, row] of rows.entries()) {
    try {
      const change = await createPost(tx, userId, row, now);
      postIds.push(change.postId);
      queued.push(...change.queued);
    } catch (error) {
      if (error instanceof PostFieldsError) {
        for (const [field, messages] of Object.entries(error.errors)) errors[`rows.${index}.${field}`] = messages;
      } else if (error instanceof ClientProblem) {
        errors[`rows.${index}.id`] = [error.message];
      } else {
        throw error;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new PostFieldsError(errors);
  return { postIds, queued };
}
