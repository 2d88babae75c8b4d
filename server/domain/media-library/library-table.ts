// What the music library and the scene-media library do alike on their tables (same columns:
// id, userId, sizeBytes, createdAt): the per-user bounds check and one newest-first page.
import { and, count, desc, eq, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { musicTracks, sceneMedia, type MusicTrackRow, type SceneMediaRow } from '../../db/schema';
import { FieldValidationError } from '../errors';
import type { PageQuery } from './paginate';

type LibraryTable = typeof musicTracks | typeof sceneMedia;

export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface LibraryBounds {
  /** The upload's field the 422 names. */
  field: string;
  maxItems: number;
  maxBytes: number;
  countLimitReached: string;
  spaceLimitReached: string;
}

/**
 * Refuses an upload of `sizeBytes` that would take the user past a library bound (422 on
 * `bounds.field`). Soft, like the script cap: two uploads racing at the limit may both pass.
 */
export async function assertLibraryRoom(db: Db, table: LibraryTable, userId: number, sizeBytes: number, bounds: LibraryBounds): Promise<void> {
  const [usage] = await db
    .select({ items: count(), bytes: sum(table.sizeBytes) })
    .from(table)
    .where(eq(table.userId, userId));
  if ((usage?.items ?? 0) >= bounds.maxItems) throw new FieldValidationError(bounds.field, bounds.countLimitReached);
  if (Number(usage?.bytes ?? 0) + sizeBytes > bounds.maxBytes) throw new FieldValidationError(bounds.field, bounds.spaceLimitReached);
}

/** One page of the user's rows matching `filter`, newest first, and how many match in all. */
export function newestFirstPage(db: Db, table: typeof musicTracks, userId: number, filter: SQL | undefined, query: PageQuery): Promise<Page<MusicTrackRow>>;
export function newestFirstPage(db: Db, table: typeof sceneMedia, userId: number, filter: SQL | undefined, query: PageQuery): Promise<Page<SceneMediaRow>>;
export async function newestFirstPage(db: Db, table: LibraryTable, userId: number, filter: SQL | undefined, query: PageQuery): Promise<Page<MusicTrackRow | SceneMediaRow>> {
  const where = and(eq(table.userId, userId), filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
