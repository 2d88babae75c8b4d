// Scripts, offline-first (issue 3): the screen reads `db.scripts` (LocalScript rows) and writes
// through these functions. Each local write puts the optimistic row and its outbox item in ONE
// transaction (so a pull can never see one without the other), and marks the collection changed
// (so a pull already in flight refetches instead of writing an older list). Deliveries and
// refusals come back through the outcome handlers below, in the page and in the service worker.
// No React here.
import { Dexie } from 'dexie';
import type { Paginated, Script } from '../../contract';
import { db, type LocalScript } from '../store/db';
import { guardStorage } from '../store/storage-state';
import { appOutbox, discardChange as discardAnyChange, onOutcome, pullNow, retryChange as retryAnyChange } from './engine';
import { headerValue, type HeadersLike, type OutboxItem, type OutboxResponse } from './outbox';
import { createCollectionSync, markCollectionChanged, pendingInOutbox, type CollectionSync, type PullResponse } from './pull';
import { defineMutation } from './registry';

export const SCRIPTS_COLLECTION = 'scripts';
export const DEFAULT_SCRIPT_LANGUAGE = 'english';
/** The server's maximum page size: one request holds most creators' whole library. */
export const SCRIPTS_PAGE_SIZE = 1000;

export const scriptEntityKey = (id: string): string => `script:${id}`;

// --- mutation kinds ---------------------------------------------------------------------------

export interface ScriptFields {
  title: string;
  body: string;
  language: string;
  video_duration: number | null;
  prompt: string | null;
}

export interface CreateScriptPayload extends ScriptFields {
  id: string;
}

export type ScriptChanges = Partial<Pick<ScriptFields, 'title' | 'body' | 'language' | 'video_duration'>>;

export interface UpdateScriptPayload {
  id: string;
  changes: ScriptChanges;
  /** The row before this change (restored if the change is discarded). Not sent. */
  previous: LocalScript | null;
}

export interface DeleteScriptPayload {
  id: string;
  /** The row before the delete (shown again if the server refuses it). Not sent. */
  previous: LocalScript | null;
}

export const createScriptMutation = defineMutation({
  kind: 'script.create',
  schemaVersion: 1,
  entityKey: (p: CreateScriptPayload) => scriptEntityKey(p.id),
  toRequest: (p) => ({
    method: 'POST',
    url: '/api/scripts',
    body: { id: p.id, title: p.title, body: p.body, prompt: p.prompt, language: p.language, video_duration: p.video_duration },
  }),
});

export const updateScriptMutation = defineMutation({
  kind: 'script.update',
  schemaVersion: 1,
  entityKey: (p: UpdateScriptPayload) => scriptEntityKey(p.id),
  toRequest: (p) => ({ method: 'PUT', url: `/api/scripts/${encodeURIComponent(p.id)}`, body: { ...p.changes } }),
});

export const deleteScriptMutation = defineMutation({
  kind: 'script.delete',
  schemaVersion: 1,
  entityKey: (p: DeleteScriptPayload) => scriptEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: `/api/scripts/${encodeURIComponent(p.id)}` }),
});

// --- helpers ----------------------------------------------------------------------------------

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

function isScript(value: unknown): value is Script {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { title?: unknown }).title === 'string';
}

/** A server script as a synced local row. */
export function toLocalScript(script: Script): LocalScript {
  return { ...script, syncStatus: 'synced', syncError: null, failedOutboxId: null };
}

/** Strip the local sync fields (e.g. for a payload snapshot). */
function snapshotOf(row: LocalScript | undefined): LocalScript | null {
  return row ? plain(row) : null;
}

const SCRIPT_TABLES = () => [db.scripts, db.outbox, db.syncState, db.session];

/** Undelivered outbox items of one script, oldest first. */
async function itemsOf(id: string): Promise<OutboxItem[]> {
  const key = scriptEntityKey(id);
  return db.outbox.where('[entityKey+createdAt]').between([key, Dexie.minKey], [key, Dexie.maxKey]).toArray();
}

/** The row's badge as the outbox has it: failed (first refused item), pending, or synced. */
async function statusFields(id: string): Promise<Pick<LocalScript, 'syncStatus' | 'syncError' | 'failedOutboxId'>> {
  const items = await itemsOf(id);
  const failed = items.find((item) => item.status === 'failed');
  if (failed) return { syncStatus: 'failed', syncError: failed.lastError ?? 'The server refused this change.', failedOutboxId: failed.id };
  return { syncStatus: items.length > 0 ? 'pending' : 'synced', syncError: null, failedOutboxId: null };
}

async function refreshBadge(id: string): Promise<void> {
  if (await db.scripts.get(id)) await db.scripts.update(id, await statusFields(id));
}

function localWrite<T>(write: () => Promise<T>): Promise<T> {
  // A full disk (QuotaExceededError, also as inner of a Dexie error) raises the storage banner and
  // the error still reaches the caller: the change was NOT saved, the screen must say so.
  return guardStorage(() => db.transaction('rw', SCRIPT_TABLES(), write));
}

// --- the screen's API -------------------------------------------------------------------------

export interface CreateScriptInput {
  title: string;
  body: string;
  language?: string;
  video_duration?: number | null;
  prompt?: string | null;
}

/** A new script written on this device: shown at once as 'pending', POSTed with its own uuid. */
export async function createScriptLocally(input: CreateScriptInput): Promise<LocalScript> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  const fields: ScriptFields = {
    title: input.title,
    body: input.body,
    language: input.language ?? DEFAULT_SCRIPT_LANGUAGE,
    video_duration: input.video_duration ?? null,
    prompt: input.prompt ?? null,
  };
  return localWrite(async () => {
    await appOutbox.enqueue(createScriptMutation, { id, ...fields });
    const row: LocalScript = {
      id,
      ...fields,
      word_count: countWords(fields.body),
      source: 'manual',
      created_at: at,
      updated_at: at,
      ...(await statusFields(id)),
    };
    await db.scripts.put(row);
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
    return row;
  });
}

/** Edit a script: the row changes at once ('pending' unless an earlier change failed), PUT queued. */
export async function updateScriptLocally(id: string, changes: ScriptChanges): Promise<void> {
  const sent: ScriptChanges = {};
  for (const key of ['title', 'body', 'language', 'video_duration'] as const) {
    if (changes[key] !== undefined) (sent as Record<string, unknown>)[key] = changes[key];
  }
  if (Object.keys(sent).length === 0) return;
  await localWrite(async () => {
    const current = await db.scripts.get(id);
    if (!current) throw new Error('This script is no longer on this device.');
    await appOutbox.enqueue(updateScriptMutation, { id, changes: sent, previous: snapshotOf(current) });
    const next: LocalScript = { ...current, ...sent, updated_at: new Date().toISOString() };
    if (sent.body !== undefined) next.word_count = countWords(sent.body);
    await db.scripts.put({ ...next, ...(await statusFields(id)) });
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
  });
}

/** What a delete needs to be undone (deleteScriptLocally's answer, undoDeleteScript's input). */
export interface DeletedScript {
  id: string;
  /** The row as it was (with any unsent edits): what Undo brings back. */
  previous: LocalScript | null;
  /** The queued DELETE, or null when the script never left the device (its items were dropped). */
  deleteItemId: string | null;
}

/** Delete a script: gone from the device at once, DELETE queued; pull keeps it gone meanwhile. */
export async function deleteScriptLocally(id: string): Promise<DeletedScript> {
  return localWrite(async () => {
    const current = await db.scripts.get(id);
    const queued = await itemsOf(id);
    // Never left the device (a queued create, maybe edits, none ever attempted): dropping them is
    // the whole delete. Anything attempted may have reached the server (a lost response), so it
    // gets a real DELETE.
    const neverSent =
      queued.length > 0 &&
      queued[0]?.kind === createScriptMutation.kind &&
      queued.every((item) => item.attempts === 0 && (item.status === 'pending' || item.status === 'auth-required'));
    let deleteItemId: string | null = null;
    if (neverSent) {
      for (const item of queued) await appOutbox.discard(item.id);
    } else {
      deleteItemId = (await appOutbox.enqueue(deleteScriptMutation, { id, previous: snapshotOf(current) })).id;
    }
    await db.scripts.delete(id);
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
    return { id, previous: snapshotOf(current), deleteItemId };
  });
}

/**
 * Undo a delete (the "Undo" of the deleted notification). If the DELETE has not gone out yet
 * (never attempted, or refused by the server) it is cancelled in the outbox and the row comes
 * back as it was. If it may have reached the server (delivered, or attempted), the script is
 * created again under the same id (the server allows re-creating a deleted id), queued behind the
 * DELETE, so nothing is lost. Returns false when there is nothing to restore.
 */
export async function undoDeleteScript(deleted: DeletedScript): Promise<boolean> {
  const previous = deleted.previous;
  if (!previous) return false;
  return localWrite(async () => {
    const queued = await itemsOf(deleted.id);
    const pendingDelete = queued.find((item) => item.id === deleted.deleteItemId);
    const notSent = pendingDelete && pendingDelete.status !== 'sending' && (pendingDelete.attempts === 0 || pendingDelete.status === 'failed');
    if (notSent && pendingDelete) {
      await appOutbox.discard(pendingDelete.id);
    } else {
      // A script that never left the device, or a DELETE that may have reached the server: create
      // it (again). Its later queued items, if any, apply on top as before.
      const fields: CreateScriptPayload = {
        id: deleted.id,
        title: previous.title,
        body: previous.body,
        language: previous.language,
        video_duration: previous.video_duration,
        prompt: previous.prompt,
      };
      await appOutbox.enqueue(createScriptMutation, fields);
    }
    const { syncStatus: _status, syncError: _error, failedOutboxId: _failed, ...script } = previous;
    await db.scripts.put({ ...script, ...(await statusFields(deleted.id)) });
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
    return true;
  });
}

/** Keep a script the server just generated (POST /api/generate-script succeeded) as 'synced'. */
export async function saveGeneratedScript(script: Script): Promise<void> {
  await localWrite(async () => {
    if ((await itemsOf(script.id)).length > 0) return; // local changes win until delivered
    await db.scripts.put(toLocalScript(plain(script)));
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
  });
}

/** Send a failed change again (same request, same Idempotency-Key). */
export function retryChange(outboxId: string): Promise<void> {
  return retryAnyChange(outboxId);
}

/**
 * Give up a failed change: a failed create removes the local row; a failed update or delete
 * brings the version from before the change back at once, then the collection is pulled so the
 * row shows the server's current version.
 */
export function discardChange(outboxId: string): Promise<void> {
  return discardAnyChange(outboxId);
}

/** Pull the scripts collection now (route entry); nothing happens while signed out. */
export function refreshScripts(): Promise<void> {
  return pullNow(SCRIPTS_COLLECTION);
}

// --- what deliveries, refusals, retries and discards do to the rows -----------------------------

function payloadId(item: OutboxItem): string {
  return (item.payload as { id: string }).id;
}

function payloadPrevious(item: OutboxItem): LocalScript | null {
  return (item.payload as { previous?: LocalScript | null }).previous ?? null;
}

async function delivered(item: OutboxItem, response: OutboxResponse): Promise<void> {
  const id = payloadId(item);
  await db.transaction('rw', SCRIPT_TABLES(), async () => {
    const remaining = await itemsOf(id);
    if (item.kind === deleteScriptMutation.kind) {
      if (remaining.length === 0) await db.scripts.delete(id);
    } else if (remaining.length === 0) {
      // The last change of this script reached the server: its answer is the truth.
      if (isScript(response.body)) await db.scripts.put(toLocalScript(plain(response.body)));
      else await refreshBadge(id);
    } else {
      // Later local changes are still queued: keep showing them, only the badge may change.
      await refreshBadge(id);
    }
    await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
  });
}

async function failed(item: OutboxItem): Promise<void> {
  const id = payloadId(item);
  await db.transaction('rw', SCRIPT_TABLES(), async () => {
    if (item.kind === deleteScriptMutation.kind && !(await db.scripts.get(id))) {
      // Show the script again, badged: the user sees the refused delete and can retry/discard it.
      const previous = payloadPrevious(item);
      if (previous) await db.scripts.put({ ...previous, ...(await statusFields(id)) });
      return;
    }
    await refreshBadge(id);
  });
}

async function retried(item: OutboxItem): Promise<void> {
  const id = payloadId(item);
  // A retried delete hides the row again, as when the user first deleted it.
  if (item.kind === deleteScriptMutation.kind) await db.scripts.delete(id);
  else await refreshBadge(id);
}

async function discarded(item: OutboxItem): Promise<void> {
  const id = payloadId(item);
  if (item.kind === createScriptMutation.kind) {
    // Never reached the server: nothing to go back to.
    await db.scripts.delete(id);
  } else {
    const previous = payloadPrevious(item);
    if (previous) await db.scripts.put({ ...previous, ...(await statusFields(id)) });
    else await refreshBadge(id);
  }
  await markCollectionChanged(db.syncState, SCRIPTS_COLLECTION);
}

function titleOf(item: OutboxItem): string {
  const payload = item.payload as { title?: unknown; changes?: { title?: unknown }; previous?: { title?: unknown } | null };
  const title = payload.changes?.title ?? payload.title ?? payload.previous?.title;
  return typeof title === 'string' && title ? `"${title}"` : 'a script';
}

for (const kind of [createScriptMutation.kind, updateScriptMutation.kind, deleteScriptMutation.kind]) {
  onOutcome(kind, {
    collection: SCRIPTS_COLLECTION,
    delivered,
    failed,
    retried,
    discarded,
    describe: (item) =>
      item.kind === createScriptMutation.kind
        ? `New script ${titleOf(item)}`
        : item.kind === updateScriptMutation.kind
          ? `Edit of ${titleOf(item)}`
          : `Delete of ${titleOf(item)}`,
  });
}

// --- pull ---------------------------------------------------------------------------------------

/** A GET as the pull needs it: any status resolves (304 included); no response rejects. */
export type HttpGet = (url: string, headers: Record<string, string>) => Promise<{ status: number; headers?: HeadersLike | null; body?: unknown }>;

function isPage(value: unknown): value is Paginated<Script> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { data?: unknown }).data);
}

/**
 * GET /api/scripts, every page (per_page 1000). The stored ETag goes out as If-None-Match on the
 * first page and a 304 means "unchanged". An ETag is only kept when the whole list fits in one
 * page (an ETag describes one response; a multi-page list is fetched in full each time). If the
 * list changes between pages (total moved), it is fetched again from page 1.
 */
export async function fetchAllScripts(get: HttpGet, etag: string | null, perPage = SCRIPTS_PAGE_SIZE): Promise<PullResponse<LocalScript>> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const first = await get(`/api/scripts?page=1&per_page=${perPage}`, etag ? { 'If-None-Match': etag } : {});
    if (first.status === 304) return { status: 304 };
    if (first.status < 200 || first.status >= 300 || !isPage(first.body)) throw httpError(first);
    const items = [...first.body.data];
    const lastPage = Math.max(1, Number(first.body.last_page) || 1);
    const total = first.body.total;
    let moved = false;
    for (let page = 2; page <= lastPage && !moved; page += 1) {
      const next = await get(`/api/scripts?page=${page}&per_page=${perPage}`, {});
      if (next.status < 200 || next.status >= 300 || !isPage(next.body)) throw httpError(next);
      if (next.body.total !== total) moved = true;
      items.push(...next.body.data);
    }
    if (moved) continue;
    const unique = new Map(items.map((script) => [script.id, script]));
    const newEtag = lastPage === 1 ? headerValue(first.headers, 'etag') : null;
    return { status: 200, items: [...unique.values()].map((script) => toLocalScript(script)), etag: newEtag };
  }
  throw new Error('The script list kept changing while it was fetched; try again.');
}

function httpError(response: { status: number; body?: unknown }): Error {
  const message = (response.body as { message?: unknown } | null)?.message;
  return Object.assign(new Error(typeof message === 'string' && message ? message : `GET /api/scripts answered ${response.status}`), { status: response.status });
}

/** The scripts collection for the pull scheduler: rows with outbox items are left alone. */
export function createScriptsSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalScript, string>({
    collection: SCRIPTS_COLLECTION,
    table: db.scripts,
    syncState: db.syncState,
    fetch: (etag) => fetchAllScripts(get, etag),
    key: (script) => script.id,
    ...pendingInOutbox<string>(db.outbox, scriptEntityKey),
  });
}
