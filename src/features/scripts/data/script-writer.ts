// The server's script writer (GET /api/script-writer), kept on the device like the plan
// catalogue: the languages it writes and the most words it writes for one script. The video create
// flow reads it to say, offline too, when a topic's length is beyond the writer's reach. A
// read-only collection of one row: no outbox kinds. No React here.
import { scriptWriterInfo } from '../../../../contract/script-writer';
import { db, type ScriptWriterRow } from '../../../store/db';
import { headerValue } from '../../../sync/outbox';
import { createCollectionSync, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';

export const SCRIPT_WRITER_COLLECTION = 'scriptWriter';
const SCRIPT_WRITER_URL = '/api/script-writer';

/** GET the writer conditionally. A 304 keeps the stored row; an answer of another shape is an error, never stored. */
async function fetchWriter(get: HttpGet, etag: string | null): Promise<PullResponse<ScriptWriterRow>> {
  const response = await get(SCRIPT_WRITER_URL, etag ? { 'If-None-Match': etag } : {});
  if (response.status === 304) return { status: 304 };
  const parsed = response.status >= 200 && response.status < 300 ? scriptWriterInfo.safeParse(response.body) : undefined;
  if (!parsed?.success) throw Object.assign(new Error(`GET ${SCRIPT_WRITER_URL} answered ${response.status}`), { status: response.status });
  return { status: 200, items: [parsed.data], etag: headerValue(response.headers, 'etag') };
}

export function createScriptWriterSync(get: HttpGet): CollectionSync {
  return createCollectionSync<ScriptWriterRow, string>({
    collection: SCRIPT_WRITER_COLLECTION,
    table: db.scriptWriter,
    syncState: db.syncState,
    fetch: (etag) => fetchWriter(get, etag),
    // Another writer configured on the server replaces the row: the old id is no longer sent.
    key: (writer) => writer.id,
  });
}
