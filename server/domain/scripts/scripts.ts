// The creator's saved scripts: generated ones and ones written by hand (often offline, so the
// client chooses the id). Every query is scoped to its owner.
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
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

export async function listScripts(db: Db, userId: number, query: ListQuery): Promise<{ rows: Script[]; total: number }> {
  const term = query.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(eq(scripts.userId, userId), pattern ? or(ilike(scripts.title, pattern), ilike(scripts.body, pattern)) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(scripts).where(where);
  const rows = await db
    .select()
    .from(scripts)
    .where(where)
    .orderBy(desc(scripts.updatedAt), desc(scripts.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows: rows.map(toScript), total };
}
