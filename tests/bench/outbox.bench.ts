// `npm run bench`: the cost of delivering 1,000 changes through the durable outbox
// (IndexedDB rows, one drainer, Idempotency-Key on every request) against sending the same
// 1,000 requests directly, both to the real built server on loopback. Also counts duplicates on
// the server, which must be 0. Figures only; nothing here asserts a time.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Dexie, type Table } from 'dexie';
import { createMutationRegistry, createOutbox, fetchSend, type OutboxItem } from '../../src/sync';
import { startServer } from '../e2e/harness';
import { registerBenchUser } from './bench-users';

const COUNT = 1000;

interface ScriptPayload {
  id: string;
  title: string;
  body: string;
}

async function serverTitles(url: string, token: string): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${url}/api/scripts?per_page=1000&page=${page}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const body = (await response.json()) as { data: Array<{ title: string }>; last_page: number };
    titles.push(...body.data.map((script) => script.title));
    if (page >= body.last_page) return titles;
  }
}

function duplicates(titles: string[]): number {
  return titles.length - new Set(titles).size;
}

async function main() {
  const server = await startServer();
  try {
    // Direct: the same POSTs, one after another, no local persistence.
    const directToken = await registerBenchUser(server.url, 'outbox');
    const directStarted = performance.now();
    for (let i = 0; i < COUNT; i += 1) {
      const response = await fetch(`${server.url}/api/scripts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${directToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ id: randomUUID(), title: `direct ${i}`, body: 'A short script body for the benchmark.' }),
      });
      if (response.status !== 201) throw new Error(`direct POST ${response.status}`);
      await response.arrayBuffer();
    }
    const directMs = performance.now() - directStarted;

    // Outbox: enqueue 1,000 changes (as a creator offline would), then one drain delivers them.
    const outboxToken = await registerBenchUser(server.url, 'outbox');
    const db = new Dexie(`bench-${randomUUID()}`);
    db.version(1).stores({ outbox: 'id, status, createdAt, entityKey' });
    const table = (db as Dexie & { outbox: Table<OutboxItem, string> }).outbox;
    const registry = createMutationRegistry();
    const createScript = registry.define({
      kind: 'script.create',
      schemaVersion: 1,
      entityKey: (p: ScriptPayload) => `script:${p.id}`,
      toRequest: (p: ScriptPayload) => ({ method: 'POST', url: '/api/scripts', body: p }),
    });
    const outbox = createOutbox({ table, registry, locks: null });
    const enqueueStarted = performance.now();
    for (let i = 0; i < COUNT; i += 1) {
      await outbox.enqueue(createScript, { id: randomUUID(), title: `outbox ${i}`, body: 'A short script body for the benchmark.' });
    }
    const enqueueMs = performance.now() - enqueueStarted;
    const send = fetchSend({ baseUrl: server.url, headers: () => ({ authorization: `Bearer ${outboxToken}` }) });
    const drainStarted = performance.now();
    let delivered = 0;
    while ((await outbox.pendingCount()) > 0) {
      const result = await outbox.drain({ send });
      delivered += result.delivered;
      if (result.failed > 0) throw new Error(`${result.failed} changes failed`);
    }
    const drainMs = performance.now() - drainStarted;

    // A second drain of an already-delivered queue must send nothing.
    const again = await outbox.drain({ send });
    const outboxTitles = await serverTitles(server.url, outboxToken);
    const directTitles = await serverTitles(server.url, directToken);

    console.log(`Reelflow outbox benchmark (${COUNT} script creations, built server, embedded PGlite, loopback)`);
    console.log(`direct requests            ${directMs.toFixed(0).padStart(7)} ms  ${((COUNT / directMs) * 1000).toFixed(0)} req/s`);
    console.log(`outbox: enqueue ${COUNT}       ${enqueueMs.toFixed(0).padStart(7)} ms  (local IndexedDB writes)`);
    console.log(`outbox: drain              ${drainMs.toFixed(0).padStart(7)} ms  ${((delivered / drainMs) * 1000).toFixed(0)} req/s, ${delivered} delivered`);
    console.log(`ratio  drain / direct: ${(drainMs / directMs).toFixed(2)}x;  (enqueue + drain) / direct: ${((enqueueMs + drainMs) / directMs).toFixed(2)}x`);
    console.log(`server rows: outbox ${outboxTitles.length}, direct ${directTitles.length}; duplicates: outbox ${duplicates(outboxTitles)}, direct ${duplicates(directTitles)}; second drain sent ${again.delivered}`);
    if (outboxTitles.length !== COUNT || duplicates(outboxTitles) !== 0 || again.delivered !== 0) {
      throw new Error('the outbox did not deliver every change exactly once');
    }
    db.close();
  } finally {
    await server.stop();
  }
}

await main();
