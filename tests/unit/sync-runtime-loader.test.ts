// The offline engine loads a part at a time (src/app/sync-runtime-loader.ts): the HTTP client,
// Dexie, the store, then the engine, each evaluated in a task of its own so none of them lengthens
// another into a long task. The mocks record when each module is evaluated and when the loader
// gives the main thread back.
import { describe, expect, it, vi } from 'vitest';

const steps = vi.hoisted(() => [] as string[]);

vi.mock('../../src/api/endpoints', () => {
  steps.push('api');
  return {};
});
vi.mock('dexie', () => {
  steps.push('dexie');
  return {};
});
vi.mock('../../src/store', () => {
  steps.push('store');
  return {};
});
vi.mock('../../src/app/sync-runtime', () => {
  steps.push('sync-runtime');
  return { connectSyncRuntime: () => () => undefined };
});
vi.mock('../../src/sync/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/sync/env')>();
  return {
    ...original,
    yieldToMain: async () => {
      steps.push('yield');
      await original.yieldToMain();
    },
  };
});

describe('loadSyncRuntimeInParts', () => {
  it('evaluates the client, Dexie, the store and the engine one after the other, each in its own task', async () => {
    const { loadSyncRuntimeInParts } = await import('../../src/app/sync-runtime-loader');
    const runtime = await loadSyncRuntimeInParts();
    expect(typeof runtime.connectSyncRuntime).toBe('function');
    expect(steps).toEqual(['api', 'yield', 'dexie', 'yield', 'store', 'yield', 'sync-runtime', 'yield']);
  });
});
