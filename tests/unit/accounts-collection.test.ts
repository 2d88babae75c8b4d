// Connected accounts, an offline-first collection: the pull (every page at per_page 100,
// accounts the server dropped go, a row with a queued disconnect is not brought back, a 403 of a
// plan without publishing changes nothing), the disconnect through the outbox (optimistic removal,
// delivery, refusal with Retry / Discard) and connectUrl through the app's API client. Real Dexie
// over fake-indexeddb; a fake idempotent server for the outbox; a fake axios adapter for the API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCsrfState } from '../../src/api';
import { connectUrlWith, createAccountsSync, disconnectAccountLocally, toLocalAccount } from '../../src/features/accounts/data';
import { connectUrl } from '../../src/features/accounts/data/connect-http';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, describeChange, discardChange, retryChange, setEngineHooks, setOutboxOwner, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';
import { accountsPage, serverAccount } from './helpers/accounts';
import { fakeServer, type FakeServer } from './helpers/fake-server';

function disconnectServer(fault: (request: OutboxRequest) => Fault = () => ({ type: 'ok' })) {
  return createIdempotentServer({ fault, respond: () => ({ message: 'Account disconnected.' }) });
}

const drain = (send: ReturnType<typeof disconnectServer>['send']) => appOutbox.drain(appDrainDeps(send));

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('pull', () => {
  it('fetches every page at per_page 100, stores synced rows and removes accounts the server no longer has', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('gone')));
    await db.accounts.put(toLocalAccount(serverAccount('a1', { health: 'ok' })));
    const first = Array.from({ length: 100 }, (_, index) => serverAccount(`p1-${index}`));
    const urls: string[] = [];
    const get: HttpGet = (url) => {
      urls.push(url);
      const page = url.includes('page=2') ? accountsPage([serverAccount('a1', { health: 'reconnect', health_reason: 'YouTube no longer accepts the sign-in.', blocked_targets: 2 })], 2, 2, 101) : accountsPage(first, 1, 2, 101);
      return Promise.resolve({ status: 200, headers: {}, body: page });
    };
    const result = await createAccountsSync(get).run();
    expect(urls).toEqual(['/api/accounts?page=1&per_page=100', '/api/accounts?page=2&per_page=100']);
    expect(result).toMatchObject({ status: 200, removed: 1, upserted: 101 });
    expect(await db.accounts.count()).toBe(101);
    expect(await db.accounts.get('gone')).toBeUndefined();
    expect(await db.accounts.get('a1')).toMatchObject({ health: 'reconnect', health_reason: 'YouTube no longer accepts the sign-in.', blocked_targets: 2, syncStatus: 'synced', syncError: null, failedOutboxId: null });
  });

  it('does not bring back an account whose disconnect waits in the outbox, and keeps a refused one', async () => {
    await db.accounts.bulkPut([toLocalAccount(serverAccount('waiting')), toLocalAccount(serverAccount('refused'))]);
    await disconnectAccountLocally('refused');
    await drain(disconnectServer(() => ({ type: 'status', status: 422, body: { message: 'The id field must be a valid UUID.' } })).send);
    expect(await db.accounts.get('refused')).toMatchObject({ syncStatus: 'failed' });
    // Queued, not sent yet (offline).
    await disconnectAccountLocally('waiting');

    const get: HttpGet = () => Promise.resolve({ status: 200, body: accountsPage([serverAccount('waiting'), serverAccount('new')]) });
    const result = await createAccountsSync(get).run();
    expect(result).toMatchObject({ keptPending: 1, removed: 0 });
    expect(await db.accounts.get('waiting')).toBeUndefined();
    // Not on the server any more, but its refused change still waits for Retry or Discard.
    expect(await db.accounts.get('refused')).toMatchObject({ syncStatus: 'failed' });
    expect(await db.accounts.get('new')).toMatchObject({ syncStatus: 'synced' });
  });

  it('a 403 (plan without publishing) changes nothing; a malformed list is an error', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1')));
    const forbidden: HttpGet = () => Promise.reject(Object.assign(new Error('Request failed with status code 403'), { response: { status: 403, data: { message: 'Forbidden.' } } }));
    expect(await createAccountsSync(forbidden).run()).toMatchObject({ status: 304 });
    expect(await db.accounts.count()).toBe(1);
    const broken: HttpGet = () => Promise.resolve({ status: 200, body: accountsPage([{ id: 'x', health: 'great' } as never]) });
    await expect(createAccountsSync(broken).run()).rejects.toThrow('not in the expected shape');
    const failing: HttpGet = () => Promise.resolve({ status: 500, body: { message: 'Server Error' } });
    await expect(createAccountsSync(failing).run()).rejects.toThrow('Server Error');
    expect(await db.accounts.count()).toBe(1);
  });
});

describe('disconnectAccountLocally', () => {
  it('removes the row at once and queues POST /api/accounts/disconnect {id}; delivered, it stays gone', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Trains daily' })));
    const previous = await disconnectAccountLocally('a1');
    expect(previous).toMatchObject({ id: 'a1', name: 'Trains daily' });
    expect(await db.accounts.get('a1')).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'account.disconnect', method: 'POST', url: '/api/accounts/disconnect', entityKey: 'account:a1', status: 'pending', ownerId: 'u1' });
    expect(item?.body).toEqual({ id: 'a1' });
    expect(describeChange(item!)).toBe('Disconnect of "Trains daily"');

    // A second click while it waits queues nothing more.
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Trains daily' })));
    await disconnectAccountLocally('a1');
    expect(await db.outbox.count()).toBe(1);

    const server = disconnectServer();
    expect((await drain(server.send)).delivered).toBe(1);
    expect(server.requests[0]?.headers['Idempotency-Key']).toBe(item?.id);
    expect(await db.accounts.get('a1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('an account no longer on the device is a no-op', async () => {
    expect(await disconnectAccountLocally('nothing')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline it waits in the outbox; the network back, it is delivered', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1')));
    await disconnectAccountLocally('a1');
    let online = false;
    const server = disconnectServer(() => (online ? { type: 'ok' } : { type: 'network' }));
    expect((await drain(server.send)).delivered).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.accounts.get('a1')).toBeUndefined();
    online = true;
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    expect((await drain(server.send)).delivered).toBe(1);
    expect(server.applied).toHaveLength(1);
  });

  it('a refusal brings the row back badged failed; Retry hides it again and delivers; Discard restores it', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Cooking' })));
    let refuse = true;
    const server = disconnectServer(() => (refuse ? { type: 'status', status: 403, body: { message: 'You cannot disconnect this account.' } } : { type: 'ok' }));
    await disconnectAccountLocally('a1');
    await drain(server.send);
    const failed = await db.accounts.get('a1');
    expect(failed).toMatchObject({ name: 'Cooking', syncStatus: 'failed', syncError: 'You cannot disconnect this account.' });
    expect(failed?.failedOutboxId).toBeTruthy();
    // Disconnecting again is refused while the refused change waits.
    await expect(disconnectAccountLocally('a1')).rejects.toThrow('retry or discard');

    refuse = false;
    await retryChange(failed!.failedOutboxId!);
    expect(await db.accounts.get('a1')).toBeUndefined();
    expect((await drain(server.send)).delivered).toBe(1);
    expect(await db.outbox.count()).toBe(0);

    // Discard: another account, refused, then discarded: back as the server has it.
    await db.accounts.put(toLocalAccount(serverAccount('a2', { name: 'Gardening' })));
    refuse = true;
    await disconnectAccountLocally('a2');
    await drain(server.send);
    const refused = await db.accounts.get('a2');
    expect(refused?.syncStatus).toBe('failed');
    await discardChange(refused!.failedOutboxId!);
    expect(await db.accounts.get('a2')).toMatchObject({ name: 'Gardening', syncStatus: 'synced', syncError: null, failedOutboxId: null });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('connectUrl', () => {
  let api: FakeServer;
  beforeEach(() => {
    resetCsrfState();
    api = fakeServer();
  });
  afterEach(() => api.restore());

  it('asks GET /api/{platform}/connect with path and popup=1, and answers the url and sandbox flag', async () => {
    api.on('GET', '/api/youtube/connect', { body: { url: 'http://localhost:3000/sandbox/youtube/o/oauth2/auth?state=abc', sandbox: true } });
    expect(await connectUrl('youtube', { path: '/connect', popup: true })).toEqual({ url: 'http://localhost:3000/sandbox/youtube/o/oauth2/auth?state=abc', sandbox: true });
    expect(api.calls('GET', '/api/youtube/connect')[0]?.params).toEqual({ path: '/connect', popup: '1' });

    api.on('GET', '/api/youtube/connect', { body: { url: 'https://accounts.google.com/o/oauth2/v2/auth?x=1', sandbox: false } });
    expect(await connectUrl('youtube', { path: '/connect' })).toEqual({ url: 'https://accounts.google.com/o/oauth2/v2/auth?x=1', sandbox: false });
    expect(api.calls('GET', '/api/youtube/connect')[1]?.params).toEqual({ path: '/connect' });
  });

  it('connectUrlWith takes any HTTP client (the service worker program has no API client)', async () => {
    const calls: Array<[string, Record<string, string>]> = [];
    const get = (url: string, params: Record<string, string>) => {
      calls.push([url, params]);
      return Promise.resolve({ url: '/sandbox/tiktok/auth?state=1', sandbox: true });
    };
    expect(await connectUrlWith(get, 'tiktok', { popup: true })).toEqual({ url: `${window.location.origin}/sandbox/tiktok/auth?state=1`, sandbox: true });
    expect(calls).toEqual([['/api/tiktok/connect', { path: '/connect', popup: '1' }]]);
  });

  it('rejects with the server refusal, and refuses an address that is not a web address', async () => {
    api.on('GET', '/api/youtube/connect', { status: 403, body: { message: 'Your plan allows 10 connected accounts.' } });
    await expect(connectUrl('youtube')).rejects.toMatchObject({ message: 'Your plan allows 10 connected accounts.' });
    api.on('GET', '/api/youtube/connect', { body: { url: 'javascript:alert(1)', sandbox: false } });
    await expect(connectUrl('youtube')).rejects.toThrow('did not say where');
    api.on('GET', '/api/youtube/connect', { body: { nope: true } });
    await expect(connectUrl('youtube')).rejects.toThrow('did not say where');
  });
});
