// Scripts, offline-first: the screens read LocalScript rows (queries.ts) and write
// through these functions. Each local write puts the optimistic row and its outbox item in ONE
// transaction (so a pull can never see one without the other), and marks the collection changed
// (so a pull already in flight refetches instead of writing an older list). Deliveries and
// refusals come back through the outcome handlers below, in the page and in the service worker.
// No React here.
import type { Script } from '../../../../contract';
import { db, type LocalScript } from '../../../store/db';
import { appOutbox, pullNow } from '../../../sync/engine';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, plain, quotedTitle, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages, MAX_PAGE_SIZE } from '../../../sync/paged-pull';

export const SCRIPTS_COLLECTION = 'scripts';
export const DEFAULT_SCRIPT_LANGUAGE = 'english';
/** The server's maximum page size: one request holds most creators' whole library. */
export const SCRIPTS_PAGE_SIZE = MAX_PAGE_SIZE;

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

/** A copy of the row for a payload snapshot (plain data, storable in the outbox). */
function snapshotOf(row: LocalScript | undefined): LocalScript | null {
  return row ? plain(row) : null;
}

const rows = createLocalRows<LocalScript>({ collection: SCRIPTS_COLLECTION, table: () => db.scripts, entityPrefix: 'script' });
const { itemsOf, statusFields } = rows;
const localWrite = rows.write;

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
    await rows.changed();
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
    await rows.changed();
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
    // Never left the device (a queued create, maybe edits, none ever attempted): dropping them is
    // the whole delete. Anything attempted may have reached the server (a lost response), so it
    // gets a real DELETE.
    const neverSent = await rows.neverSent(id, createScriptMutation.kind);
    let deleteItemId: string | null = null;
    if (neverSent) {
      for (const item of neverSent) await appOutbox.discard(item.id);
    } else {
      deleteItemId = (await appOutbox.enqueue(deleteScriptMutation, { id, previous: snapshotOf(current) })).id;
    }
    await db.scripts.delete(id);
    await rows.changed();
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
    await rows.changed();
    return true;
  });
}

/** Keep a script the server just generated (POST /api/generate-script succeeded) as 'synced'. */
export async function saveGeneratedScript(script: Script): Promise<void> {
  await localWrite(async () => {
    if ((await itemsOf(script.id)).length > 0) return; // local changes win until delivered
    await db.scripts.put(toLocalScript(plain(script)));
    await rows.changed();
  });
}

/** Pull the scripts collection now (route entry); nothing happens while signed out. */
export function refreshScripts(): Promise<void> {
  return pullNow(SCRIPTS_COLLECTION);
}

// --- what deliveries, refusals, retries and discards do to the rows -----------------------------

registerRowOutcomes(rows, {
  createKind: createScriptMutation.kind,
  deleteKind: deleteScriptMutation.kind,
  kinds: [createScriptMutation.kind, updateScriptMutation.kind, deleteScriptMutation.kind],
  fromServer: (body) => (isScript(body) ? toLocalScript(plain(body)) : null),
  describe: (item) =>
    item.kind === createScriptMutation.kind
      ? `New script ${quotedTitle(item, 'a script')}`
      : item.kind === updateScriptMutation.kind
        ? `Edit of ${quotedTitle(item, 'a script')}`
        : `Delete of ${quotedTitle(item, 'a script')}`,
});

// --- pull ---------------------------------------------------------------------------------------

/** GET /api/scripts, every page (per_page 1000), If-None-Match on page 1 (see fetchAllPages). */
export function fetchAllScripts(get: HttpGet, etag: string | null, perPage = SCRIPTS_PAGE_SIZE): Promise<PullResponse<LocalScript>> {
  return fetchAllPages(get, etag, {
    path: '/api/scripts',
    isItem: (value): value is Script => typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string',
    toRow: toLocalScript,
    id: (script) => script.id,
    noun: 'script list',
    perPage,
  });
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
