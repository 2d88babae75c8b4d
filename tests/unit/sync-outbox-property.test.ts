// Property tests of the outbox against a fake server that dedupes by Idempotency-Key (as the real
// one does): whatever the network does — errors, 5xx, 429 (with Retry-After), 401, and responses
// lost after the server applied the change — every change lands exactly once, in per-entity
// order, and concurrent drains never have one item in flight twice.
import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS } from '../../src/sync/backoff';
import { createOutbox, type OutboxItem } from '../../src/sync/outbox';
import { createMutationRegistry } from '../../src/sync/registry';
import { createFakeClock, createIdempotentServer, type Fault } from '../../src/sync/testing';

type Change = { entity: number; n: number };

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Fault>({ type: 'ok' }) },
  { weight: 2, arbitrary: fc.constant<Fault>({ type: 'network' }) },
  { weight: 2, arbitrary: fc.constant<Fault>({ type: 'lost' }) },
  { weight: 2, arbitrary: fc.constantFrom(500, 502, 503, 504).map((status): Fault => ({ type: 'status', status })) },
  {
    weight: 1,
    arbitrary: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }).map((s): Fault => ({ type: 'status', status: 429, retryAfter: s === undefined ? undefined : String(s) })),
  },
  { weight: 1, arbitrary: fc.constant<Fault>({ type: 'status', status: 401 }) },
);

type Step =
  | { type: 'enqueue'; entity: number }
  | { type: 'drain'; advance: number; concurrent: boolean; signIn: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 }).map((entity): Step => ({ type: 'enqueue', entity })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ advance: fc.integer({ min: 0, max: 400_000 }), concurrent: fc.boolean(), signIn: fc.boolean() })
      .map((d): Step => ({ type: 'drain', ...d })),
  },
);

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('outbox properties', () => {
  it('delivers every change exactly once and in per-entity order, through any faults', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        fc.array(faultArb, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        async (steps, faults, jitter) => {
          const db = new Dexie(`sync-prop-${crypto.randomUUID()}`) as Dexie & { outbox: Table<OutboxItem, string> };
          db.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
          try {
            const clock = createFakeClock();
            const registry = createMutationRegistry();
            const change = registry.define({
              kind: 'change',
              schemaVersion: 1,
              entityKey: (p: Change) => `entity:${p.entity}`,
              toRequest: (p: Change) => ({ method: 'POST', url: `/api/entities/${p.entity}/changes`, body: p }),
            });
            // Two drainers over one table, like a page and its service worker.
            const page = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => jitter, locks: null });
            const worker = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => jitter, locks: null });

            let healthy = false;
            let cursor = 0;
            const server = createIdempotentServer({
              delay: tick,
              fault: () => {
                if (healthy) return { type: 'ok' };
                const fault = faults[cursor % faults.length] ?? { type: 'ok' };
                cursor += 1;
                return fault;
              },
            });

            const expected: Change[] = [];
            let n = 0;
            for (const step of steps) {
              if (step.type === 'enqueue') {
                const c = { entity: step.entity, n: n++ };
                expected.push(c);
                await page.enqueue(change, c);
              } else {
                const runs = step.concurrent
                  ? await Promise.all([page.drain({ send: server.send }), worker.drain({ send: server.send })])
                  : [await page.drain({ send: server.send })];
                if (runs.some((r) => r.authRequired) && step.signIn) await page.resumeAfterSignIn();
                clock.advance(step.advance);
              }
            }

            // The network heals and the user signs in again; drain until the outbox is empty.
            healthy = true;
            for (let i = 0; i < 20 && (await db.outbox.count()) > 0; i += 1) {
              await page.resumeAfterSignIn();
              await Promise.all([page.drain({ send: server.send }), worker.drain({ send: server.send })]);
              clock.advance(BACKOFF_CAP_MS + 1_000_000);
            }

            expect(await db.outbox.count()).toBe(0);
            expect(server.overlapping).toEqual([]);
            expect(server.maxInFlight).toBeLessThanOrEqual(1);
            const applied = server.applied.map((r) => r.body as Change);
            expect(applied).toHaveLength(expected.length);
            expect(new Set(server.applied.map((r) => r.headers['Idempotency-Key'])).size).toBe(expected.length);
            for (const entity of [0, 1, 2]) {
              expect(applied.filter((c) => c.entity === entity).map((c) => c.n)).toEqual(expected.filter((c) => c.entity === entity).map((c) => c.n));
            }
          } finally {
            await db.delete();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('concurrent drains never have the same item in flight twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }),
        async (entities, drainers, delays) => {
          const db = new Dexie(`sync-prop-${crypto.randomUUID()}`) as Dexie & { outbox: Table<OutboxItem, string> };
          db.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
          try {
            const registry = createMutationRegistry();
            const change = registry.define({
              kind: 'change',
              schemaVersion: 1,
              entityKey: (p: Change) => `entity:${p.entity}`,
              toRequest: (p: Change) => ({ method: 'POST', url: '/api/changes', body: p }),
            });
            const outboxes = Array.from({ length: drainers }, () => createOutbox({ table: db.outbox, registry, locks: null }));
            let d = 0;
            const server = createIdempotentServer({
              delay: async () => {
                const ticks = delays[d++ % delays.length] ?? 0;
                for (let i = 0; i < ticks; i += 1) await tick();
              },
            });
            for (const [i, entity] of entities.entries()) await outboxes[0]?.enqueue(change, { entity, n: i });
            await Promise.all(outboxes.flatMap((o) => [o.drain({ send: server.send }), o.drain({ send: server.send })]));
            expect(server.overlapping).toEqual([]);
            expect(server.maxInFlight).toBe(1);
            expect(server.requests).toHaveLength(entities.length);
            expect(await db.outbox.count()).toBe(0);
          } finally {
            await db.delete();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
