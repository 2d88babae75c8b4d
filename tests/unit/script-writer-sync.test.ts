// The server's script writer kept on the device (src/features/scripts/data/script-writer.ts): the
// answer of GET /api/script-writer is stored when the contract's schema accepts it, kept on a 304,
// replaced when the server's writer changes, and a malformed answer changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptWriterInfo } from '../../contract';
import { createScriptWriterSync, scriptWriterOnDevice } from '../../src/features/scripts/data';
import { clearLocalStore } from '../../src/store';
import type { HttpGet } from '../../src/sync';

const OFFLINE: ScriptWriterInfo = { id: 'offline-writer', label: 'Offline writer (no AI model configured)', languages: ['english', 'spanish'], max_words: 185 };
const MODEL: ScriptWriterInfo = { id: 'openai-compatible', label: 'AI model test', languages: ['english', 'hindi'], max_words: null };

/** A server answering `body` with an ETag of its own, and a 304 when it is sent back. */
function serverAnswering(body: () => unknown) {
  const sent: [string, Record<string, string>][] = [];
  const get: HttpGet = (url, headers) => {
    sent.push([url, headers]);
    const etag = `W/"${JSON.stringify(body())}"`;
    if (headers['If-None-Match'] === etag) return Promise.resolve({ status: 304 });
    return Promise.resolve({ status: 200, headers: { etag }, body: body() });
  };
  return { get, sent };
}

afterEach(() => clearLocalStore());

describe('the script writer on the device', () => {
  it('is unknown before the first pull, then kept; a 304 keeps it and another writer replaces it', async () => {
    expect(await scriptWriterOnDevice()).toBeUndefined();
    let writer: ScriptWriterInfo = OFFLINE;
    const server = serverAnswering(() => writer);
    await createScriptWriterSync(server.get).run();
    expect(await scriptWriterOnDevice()).toEqual(OFFLINE);
    expect(server.sent[0]).toEqual(['/api/script-writer', {}]);

    expect((await createScriptWriterSync(server.get).run()).status).toBe(304);
    expect(await scriptWriterOnDevice()).toEqual(OFFLINE);

    writer = MODEL;
    await createScriptWriterSync(server.get).run();
    expect(await scriptWriterOnDevice()).toEqual(MODEL);
  });

  it('a malformed answer, or a refusal, is an error and changes nothing', async () => {
    await createScriptWriterSync(serverAnswering(() => OFFLINE).get).run();
    for (const body of [{ ...OFFLINE, max_words: 'many' }, { ...OFFLINE, max_words: undefined }, { id: 'offline-writer' }, null]) {
      await expect(createScriptWriterSync(() => Promise.resolve({ status: 200, body })).run()).rejects.toThrow('GET /api/script-writer answered 200');
    }
    await expect(createScriptWriterSync(() => Promise.resolve({ status: 401, body: { message: 'Unauthenticated.' } })).run()).rejects.toThrow('answered 401');
    expect(await scriptWriterOnDevice()).toEqual(OFFLINE);
  });
});
