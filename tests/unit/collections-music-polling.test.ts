// The music library collection (rename/delete through the outbox, delete held for Undo, uploaded
// tracks stored as synced, pull) and the adaptive polling of videos (2 s doubling to 15 s while
// nothing changes, reset on change, idle without active videos, paused hidden or offline), driven
// by a manual clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMusicSync,
  deleteTrackLocally,
  nextPollDelay,
  renameTrackLocally,
  saveUploadedTrack,
  startVideoPolling,
  undoDeleteTrack,
  type TimerApi,
} from '../../src/features/videos/data';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, discardChange, setOutboxOwner, type HttpGet } from '../../src/sync';
import { createIdempotentServer } from '../../src/sync/testing';
import { pageOf, serverTrack } from './helpers/videos';

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('music collection', () => {
  it('stores an uploaded track as synced and renames it through the outbox', async () => {
    await saveUploadedTrack(serverTrack('m1', { title: 'Upbeat' }));
    await renameTrackLocally('m1', '  Morning run  ');
    expect(await db.music.get('m1')).toMatchObject({ title: 'Morning run', syncStatus: 'pending' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'music.rename', method: 'PUT', url: '/api/music/m1', body: { title: 'Morning run' } });
    const server = createIdempotentServer({ respond: () => serverTrack('m1', { title: 'Morning run', updated_at: '2026-02-02T00:00:00.000Z' }) });
    await appOutbox.drain(appDrainDeps(server.send));
    expect(await db.music.get('m1')).toMatchObject({ title: 'Morning run', syncStatus: 'synced', updated_at: '2026-02-02T00:00:00.000Z' });
  });

  it('refuses an empty title before queueing anything', async () => {
    await saveUploadedTrack(serverTrack('m1'));
    await expect(renameTrackLocally('m1', '   ')).rejects.toThrow('The title field is required.');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a discarded refused rename brings the old title back', async () => {
    await saveUploadedTrack(serverTrack('m1', { title: 'Old' }));
    await renameTrackLocally('m1', 'New');
    const server = createIdempotentServer({ fault: () => ({ type: 'status', status: 422, body: { message: 'The title field must not be greater than 200 characters.' } }) });
    await appOutbox.drain(appDrainDeps(server.send));
    const failed = await db.music.get('m1');
    expect(failed).toMatchObject({ syncStatus: 'failed', syncError: 'The title field must not be greater than 200 characters.' });
    await discardChange(failed!.failedOutboxId!);
    expect(await db.music.get('m1')).toMatchObject({ title: 'Old', syncStatus: 'synced' });
  });

  it('delete is held for Undo; Undo brings the track back and nothing is sent', async () => {
    await saveUploadedTrack(serverTrack('m1'));
    const deleted = await deleteTrackLocally('m1');
    expect(await db.music.get('m1')).toBeUndefined();
    const server = createIdempotentServer();
    await appOutbox.drain(appDrainDeps(server.send));
    expect(server.requests).toHaveLength(0);
    expect(await undoDeleteTrack(deleted)).toBe(true);
    expect(await db.music.get('m1')).toMatchObject({ syncStatus: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('pull: GET /api/music per_page 1000, keeps a track whose delete waits', async () => {
    await saveUploadedTrack(serverTrack('m1'));
    await deleteTrackLocally('m1');
    const urls: string[] = [];
    const get: HttpGet = (url) => {
      urls.push(url);
      return Promise.resolve({ status: 200, body: pageOf([serverTrack('m1'), serverTrack('m2')]) });
    };
    await createMusicSync(get).run();
    expect(urls).toEqual(['/api/music?page=1&per_page=1000']);
    expect(await db.music.get('m1')).toBeUndefined(); // not resurrected while its DELETE waits
    expect(await db.music.get('m2')).toMatchObject({ syncStatus: 'synced' });
  });
});

/** Timers that run only when the test advances the clock. */
function manualTimers() {
  let now = 0;
  const pending: Array<{ at: number; callback: () => void; id: number }> = [];
  let nextId = 1;
  const timers: TimerApi = {
    set: (callback, ms) => {
      const id = nextId++;
      pending.push({ at: now + ms, callback, id });
      return id;
    },
    clear: (handle) => {
      const index = pending.findIndex((timer) => timer.id === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    timers,
    /** Run the next due timer (advancing the clock to it) and let its promises settle. */
    async next(): Promise<number | null> {
      pending.sort((a, b) => a.at - b.at);
      const timer = pending.shift();
      if (!timer) return null;
      const waited = timer.at - now;
      now = timer.at;
      timer.callback();
      for (let i = 0; i < 5; i += 1) await settle();
      return waited;
    },
    count: () => pending.length,
    settle,
  };
}

function fakeTarget() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener: (type: string, listener: () => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type: string, listener: () => void) => void listeners.get(type)?.delete(listener),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
  };
}

describe('adaptive video polling', () => {
  it('nextPollDelay: 2 s after a change, doubling to a 15 s cap', () => {
    expect(nextPollDelay(null, false)).toBe(2000);
    expect(nextPollDelay(2000, false)).toBe(4000);
    expect(nextPollDelay(8000, false)).toBe(15_000);
    expect(nextPollDelay(15_000, false)).toBe(15_000);
    expect(nextPollDelay(15_000, true)).toBe(2000);
  });

  it('polls 2, 4, 8, 15, 15 s while nothing changes, resets on change, stops when nothing is active', async () => {
    const clock = manualTimers();
    let signature: string | null = 'v1:processing:10';
    let pulls = 0;
    const polling = startVideoPolling({
      pull: () => {
        pulls += 1;
        return Promise.resolve();
      },
      activeSignature: () => Promise.resolve(signature),
      timers: clock.timers,
      isOnline: () => true,
      isVisible: () => true,
      target: null,
      visibilityTarget: null,
    });
    await clock.settle();
    const waits: Array<number | null> = [];
    for (let i = 0; i < 5; i += 1) waits.push(await clock.next());
    expect(waits).toEqual([2000, 4000, 8000, 15_000, 15_000]);
    signature = 'v1:processing:60';
    waits.length = 0;
    waits.push(await clock.next()); // 15 s, sees the change
    waits.push(await clock.next()); // back to 2 s
    expect(waits).toEqual([15_000, 2000]);
    signature = null;
    await clock.next();
    expect(clock.count()).toBe(0);
    expect(polling.scheduledDelay()).toBeNull();
    const before = pulls;
    signature = 'v2:queued:0';
    polling.nudge();
    await clock.settle();
    expect(await clock.next()).toBe(2000);
    expect(pulls).toBe(before + 1);
    polling.stop();
    expect(clock.count()).toBe(0);
  });

  it('does not poll while hidden or offline and resumes on visibilitychange / online', async () => {
    const clock = manualTimers();
    const events = fakeTarget();
    let visible = false;
    let online = true;
    let pulls = 0;
    const polling = startVideoPolling({
      pull: () => {
        pulls += 1;
        return Promise.resolve();
      },
      activeSignature: () => Promise.resolve('v1:queued:0'),
      timers: clock.timers,
      isOnline: () => online,
      isVisible: () => visible,
      target: events,
      visibilityTarget: events,
    });
    await clock.settle();
    expect(clock.count()).toBe(0);
    visible = true;
    events.fire('visibilitychange');
    await clock.settle();
    expect(await clock.next()).toBe(2000);
    expect(pulls).toBe(1);
    online = false;
    events.fire('offline');
    expect(clock.count()).toBe(0);
    online = true;
    events.fire('online');
    await clock.settle();
    expect(clock.count()).toBe(1);
    polling.stop();
  });
});
