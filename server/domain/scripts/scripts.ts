// The creator's saved scripts: generated ones and ones written by hand (often offline, so the
// client chooses the id). Every query is scoped to its owner.
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Script } from '../../../contract/scripts';
import type { Db } from '../../db/client';
import { scripts, type ScriptRow } from '../../db/schema';
import { FieldValidationError } from '../errors';
import { NotFoundError } from '../problems';

export const SCRIPT_NOT_FOUND = 'This script no longer exists.';
export const SCRIPT_ID_TAKEN = 'The id has already been taken.';

/**
 * Saved scripts one user may keep (docs/decisions/server.md, "Per-user limits"). Far above real
 * use; it bounds what one account can store (each script up to 20,000 characters).
 */
export const MAX_SCRIPTS_PER_USER = 5000;
export const SCRIPT_LIMIT_REACHED = `You have reached the limit of ${MAX_SCRIPTS_PER_USER} saved scripts. Delete some to save new ones.`;

export function toScript(row: ScriptRow): Script {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    prompt: row.prompt,
    language: row.language,
    video_duration: row.videoDuration,
    word_count: row.wordCount,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export interface ScriptInput {
  id: string;
  title: string;
  body: string;
  prompt?: string | null | undefined;
  language: string;
  videoDuration?: number | null | undefined;
  source: string;
}

export async function insertScript(db: Db, userId: number, input: ScriptInput): Promise<Script> {
  // A soft bound: two inserts racing at the limit may both pass; it exists against runaway
  // storage, not as an exact quota.
  const [{ saved } = { saved: 0 }] = await db.select({ saved: count() }).from(scripts).where(eq(scripts.userId, userId));
  if (saved >= MAX_SCRIPTS_PER_USER) throw new FieldValidationError('scripts', SCRIPT_LIMIT_REACHED);
  const [row] = await db
    .insert(scripts)
    .values({
      id: input.id,
      userId,
      title: input.title,
      body: input.body,
      prompt: input.prompt ?? null,
      language: input.language,
      videoDuration: input.videoDuration ?? null,
      wordCount: countWords(input.body),
      source: input.source,
    })
    .onConflictDoNothing()
    .returning();
  // The id is the client's uuid: a collision means another row (of anyone) already has it.
  if (!row) throw new FieldValidationError('id', SCRIPT_ID_TAKEN);
  return toScript(row);
}

/**
 * POST /api/scripts: the outbox may send a create again after its idempotency key expired (the
 * first answer was lost). When this user already has the id, that earlier create happened: the
 * stored row is the answer (created: false), not an error the creator would see as "failed".
 * Another user's id stays a 422 (insertScript).
 */
export async function createScriptOnce(db: Db, userId: number, input: ScriptInput): Promise<{ script: Script; created: boolean }> {
  const [existing] = await db
    .select()
    .from(scripts)
    .where(and(eq(scripts.id, input.id), eq(scripts.userId, userId)));
  if (existing) return { script: toScript(existing), created: false };
  return { script: await insertScript(db, userId, input), created: true };
}

export async function findScript(db: Db, userId: number, id: string): Promise<Script> {
  const [row] = await db
    .select()
    .from(scripts)
    .where(and(eq(scripts.id, id), eq(scripts.userId, userId)));
  if (!row) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return toScript(row);
}

export interface ScriptChanges {
  title?: string | undefined;
  body?: string | undefined;
  language?: string | undefined;
  videoDuration?: number | null | undefined;
}

export async function updateScript(db: Db, userId: number, id: string, changes: ScriptChanges): Promise<Script> {
  const [row] = await db
    .update(scripts)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body, wordCount: countWords(changes.body) } : {}),
      ...(changes.language !== undefined ? { language: changes.language } : {}),
      ...(changes.videoDuration !== undefined ? { videoDuration: changes.videoDuration } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(scripts.id, id), eq(scripts.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(SCRIPT_NOT_FOUND);
  return toScript(row);
}

/** Deleting is idempotent: a script that is already gone counts as deleted. Returns whether a
 *  row was removed now. (An offline device may delete what another device deleted first.) */
export async function deleteScript(db: Db, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(scripts)
    .where(and(eq(scripts.id, id), eq(scripts.userId, userId)))
    .returning({ id: scripts.id });
  return removed.length > 0;
}

export interface ListQuery {
  page: number;
  perPage: number;
  search?: string | undefined;
}

/** One page of a creator's scripts, already as the JSON text of a `Script[]`. */
export interface ScriptPageJson {
  /** `Script[]` as JSON, newest first: exactly what toScript would give, serialised. */
  dataJson: string;
  /** Scripts on this page. */
  count: number;
  /** Scripts matching the query on every page. */
  total: number;
}

// toISOString's format: milliseconds (truncated, as a JS Date holds them) and a Z.
const ISO_8601_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * The list read is the hottest query of the app (every pull, every list screen), so it is one
 * round trip that lets the database build the page's JSON: the total, the page's row count and
 * its `Script[]` text in a single row of three fields. Decoding 50 rows of 10 columns field by
 * field, mapping them through drizzle and re-serialising them cost several times more (see
 * BENCHMARKS.md, "Throughput"). Keys and formats follow toScript; a server test holds the two
 * in step.
 */
export async function listScriptsJson(db: Db, userId: number, query: ListQuery): Promise<ScriptPageJson> {
  const term = query.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(eq(scripts.userId, userId), pattern ? or(ilike(scripts.title, pattern), ilike(scripts.body, pattern)) : undefined);
  // Both drivers (PGlite, node-postgres) answer execute() with `{ rows }`.
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${scripts} where ${where}) as total,
      count(*)::int as count,
      coalesce(json_agg(json_build_object(
        'id', page.id,
        'title', page.title,
        'body', page.body,
        'prompt', page.prompt,
        'language', page.language,
        'video_duration', page.video_duration,
        'word_count', page.word_count,
        'source', page.source,
        'created_at', to_char(page.created_at at time zone 'UTC', ${ISO_8601_UTC}),
        'updated_at', to_char(page.updated_at at time zone 'UTC', ${ISO_8601_UTC})
      ) order by page.updated_at desc, page.id desc), '[]')::text as data
    from (
      select * from ${scripts} where ${where}
      order by ${scripts.updatedAt} desc, ${scripts.id} desc
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}
    ) as page`)) as { rows: Array<{ total: number; count: number; data: string }> };
  const row = result.rows[0];
  if (!row) throw new Error('the scripts page query returned no row');
  return { dataJson: row.data, count: row.count, total: row.total };
}
