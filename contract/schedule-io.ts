// The schedule in and out: CSV export, the secret iCalendar feed, and
// the CSV import with its preview. Decisions: docs/decisions/publishing.md, "The schedule in and
// out". The import creates posts through POST /api/create/post's rules, row by row.
import { z } from 'zod';
import { createPostRequest, isoDateTime, type SocialPlatform } from './publishing';

/** At most this many characters of CSV text per preview (the JSON body limit is 1 MB). */
export const IMPORT_MAX_CSV_CHARS = 900_000;
/** At most this many data rows per import: a preview must stay readable and quick. */
export const IMPORT_MAX_ROWS = 500;

/** GET /api/schedule/feed-token: whether a feed URL exists (the URL itself is shown only once). */
export interface FeedTokenStatus {
  active: boolean;
  created_at: string | null;
  last_used_at: string | null;
}

/** POST /api/schedule/feed-token (201): the new feed URL, shown once; any older URL stops working. */
export interface FeedTokenCreated {
  url: string;
  created_at: string;
  message: string;
}

/** POST /api/schedule/import/preview: the CSV text and the zone of times written without one. */
export const importPreviewRequest = z.object({
  csv: z.string().min(1, 'Choose or paste a CSV file.').max(IMPORT_MAX_CSV_CHARS, 'The CSV file is too large; split it into files of at most 500 posts.'),
  timezone: z.string().trim().max(64).default('UTC'),
});
export type ImportPreviewRequest = z.input<typeof importPreviewRequest>;

/** One post to create, as the preview resolved it: createPostRequest with a client-chosen id. */
export const importPost = createPostRequest.extend({
  id: z.uuid('The id field must be a valid UUID.'),
  scheduled_at: isoDateTime,
});
export type ImportPost = z.input<typeof importPost>;

export interface ImportPreviewAccount {
  id: string;
  platform: SocialPlatform;
  name: string;
}

/** One data row of the file (row = its row number in a spreadsheet: the header is row 1). */
export interface ImportPreviewRow {
  row: number;
  ok: boolean;
  /** What stops the row from being created, in plain words (empty when ok). */
  errors: string[];
  /** What the creator may want to know but does not stop the row (e.g. an account to reconnect). */
  warnings: string[];
  /** What the row said, as written (shown when it could not be resolved). */
  input: { video: string; accounts: string; time: string };
  video: { id: string; title: string } | null;
  accounts: ImportPreviewAccount[];
  /** ISO 8601 with the zone's offset, or null when the time could not be read. */
  scheduled_at: string | null;
  timezone: string;
  caption: string;
  /** The body for POST /api/schedule/import (without `id`: the client chooses it), when ok. */
  post: Omit<ImportPost, 'id'> | null;
}

export interface ImportPreviewResponse {
  rows: ImportPreviewRow[];
  valid: number;
  invalid: number;
  /** Header names the import does not read (ignored, e.g. an export's post_id and status). */
  ignored_columns: string[];
}

/** POST /api/schedule/import: all rows are created, or none (422 naming rows.N.field). */
export const importRequest = z.object({
  rows: z.array(importPost).min(1, 'There is nothing to import.').max(IMPORT_MAX_ROWS, `Import at most ${IMPORT_MAX_ROWS} posts at a time.`),
});
export type ImportRequest = z.input<typeof importRequest>;

/** POST /api/schedule/import (202): the posts created, in the order of the rows. */
export interface ImportResponse {
  message: string;
  ids: string[];
}
