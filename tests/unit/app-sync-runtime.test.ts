// The page runtime: it runs exactly while someone is signed in; on sign-in it resumes
// changes paused by a 401 and drains them through the app's HTTP instance, and pulls the scripts
// collection; sign-out stops it before the store is wiped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract';
import type { AiVideo } from '../../contract/videos';
import { connectSyncRuntime, currentSyncRuntime, stopForSignOut } from '../../src/app/sync-runtime';
import { createVideoLocally, refreshVideos } from '../../src/features/videos/data/videos';
import { getSessionSnapshot, login, logout } from '../../src/session';
import { clearLocalStore, db } from '../../src/store';
import { syncStatus } from '../../src/sync';
import { fakeServer, type FakeServer } from './helpers/fake-server';
import { pageOf, serverVideo } from './helpers/videos';

// The runtime's work goes through timers, IndexedDB and the fake server: on a loaded 2-core machine
// it can take seconds; each wait ends as soon as its condition holds.
const SETTLED = { timeout: 10_000 };

const user = { id: 7, name: 'Ada', email: 'ada@example.com', plan: 'Creator', credits: 5 } as unknown as User;

let disconnect: (() => void) | null = null;
let server: FakeServer | null = null;

afterEach(async () => {
  disconnect?.();
  server?.restore();
  server = null;
  disconnect = null;
  vi.restoreAllMocks();
  await clearLocalStore();
});

describe('sync runtime', () => {
  it('starts on sign-in, resumes paused changes and drains them, pulls scripts; stops on sign-out', async () => {
    // A change paused by a 401 in an earlier session of this user.
    await db.outbox.add({
      id: 'item-1',
      kind: 'script.update',
      entityKey: 'script:s1',
      method: 'PUT',
      url: '/api/scripts/s1',
      payload: { id: 's1', changes: { title: 'Edited' }, previous: null },
      body: { title: 'Edited' },
      schemaVersion: 1,
      createdAt: new Date().toISOString(),
      attempts: 1,
      nextAttemptAt: 0,
      status: 'auth-required',
      lastError: 'Unauthenticated.',
      ownerId: '7',
    });
    const edited = { id: 's1', title: 'Edited', body: '', prompt: null, language: 'english', video_duration: null, word_count: 0, source: 'manual', created_at: 'x', updated_at: 'y' };
    server = fakeServer()
      .on('GET', '/api/stripe/payment-approval', { body: { success: true, has_payment_approval: true } })
      .on('POST', '/api/logout', { body: { message: 'Logged out.' } })
      .on('GET', '/api/plans', { body: { data: [] } })
      .on('GET', '/api/user/usage', { body: { data: [] } })
      .on('PUT', '/api/scripts/s1', { body: edited })
      .on('GET', '/api/scripts?page=1&per_page=1000', { body: { data: [edited], current_page: 1, last_page: 1, per_page: 1000, total: 1, from: 1, to: 1 } });
    const fake = server;
    // The real axios instance and its interceptors (bearer token, CSRF) carry the drain and pull.
    disconnect = connectSyncRuntime({ reportErrors: false });
    expect(currentSyncRuntime()).toBeNull();

    await login(user, '1|token', 5);
    await vi.waitFor(() => expect(currentSyncRuntime()?.userId).toBe('7'), SETTLED);
    await vi.waitFor(() => expect(fake.calls('PUT', '/api/scripts/s1')).toHaveLength(1), SETTLED);
    expect(fake.calls('PUT', '/api/scripts/s1')[0]).toMatchObject({ data: { title: 'Edited' }, headers: { 'idempotency-key': 'item-1', authorization: 'Bearer 1|token' } });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), SETTLED);
    await vi.waitFor(async () => expect(await db.scripts.get('s1')).toMatchObject({ title: 'Edited', syncStatus: 'synced' }), SETTLED);
    expect(fake.calls('GET', '/api/scripts?page=1&per_page=1000').length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(syncStatus.get().lastSyncedAt).not.toBeNull(), SETTLED);

    stopForSignOut();
    expect(currentSyncRuntime()).toBeNull();
    const before = fake.requests.length;
    await logout();
    await vi.waitFor(() => expect(syncStatus.get().lastSyncedAt).toBeNull(), SETTLED);
    expect(currentSyncRuntime()).toBeNull();
    // Nothing but the sign-out call itself went out after the engine stopped.
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/logout']);
  });

  it('the credits balance follows the server: the charge of a created video, the refund of its failure', async () => {
    // The server's side: the balance, and the video as its list shows it.
    let balance = 100;
    let video: AiVideo | null = null;
    server = fakeServer()
      .on('GET', '/api/stripe/payment-approval', { body: { success: true, has_payment_approval: true } })
      .on('POST', '/api/logout', { body: { message: 'Logged out.' } })
      .on('GET', '/api/user', () => ({ body: { ...user, credits: balance } }))
      .on('GET', '/api/ai-videos?page=1&per_page=1000', () => ({ body: pageOf(video ? [video] : []) }))
      .on('POST', '/api/ai-videos', (request) => {
        const id = (request.data as { id: string }).id;
        balance -= 12;
        video = serverVideo(id, { title: 'Ocean facts', status: 'queued', progress: 0, credits_charged: 12, ai_video: { video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null } });
        return { status: 202, body: video };
      });
    const fake = server;
    disconnect = connectSyncRuntime({ reportErrors: false });
    await login(user, '1|token', 100);
    await vi.waitFor(() => expect(currentSyncRuntime()?.userId).toBe('7'), SETTLED);

    // Created on this device: the outbox delivers it, the server charges, the header follows.
    await createVideoLocally({ title: 'Ocean facts', script: 'The ocean is deep.' }, { credits: 12, seconds: 24 });
    await vi.waitFor(() => expect(fake.calls('POST', '/api/ai-videos')).toHaveLength(1), SETTLED);
    await vi.waitFor(() => expect(getSessionSnapshot().credits).toBe(88), SETTLED);

    // The render fails for a reason that is not the creator's: refunded. A pull shows it.
    balance += 12;
    video = { ...video!, status: 'failed', error: 'The voice service is down. Your credits were refunded.', credits_charged: 0 };
    await refreshVideos();
    await vi.waitFor(() => expect(getSessionSnapshot().credits).toBe(100), SETTLED);

    stopForSignOut();
    await logout();
  });
});
