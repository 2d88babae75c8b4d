// The built-in tracks are composed in worker threads: the same bytes as composing in place, the
// event loop free meanwhile, one queue for every caller, a composition given up on ends with its
// thread, close() ends them all, and the server bundle carries the thread's entry as JavaScript.
// A stored track's render goes on while anyone waits for it, and stops when nobody does.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { threadId, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BUILTIN_MUSIC } from '../../contract/builtin-music';
import { buildServer } from '../../scripts/build-server.mjs';
import { builtinMusicKey, ensureBuiltinTrack } from '../../server/media/music/builtin-store';
import { composeTrack, toS16le } from '../../server/media/music/compose-track';
import { MusicComposer, type ComposeReply } from '../../server/media/music/composer-pool';
import { createDiskStorage } from '../../server/media/storage/disk';

const inPlace = (index: number, bars: number) => toS16le(composeTrack(BUILTIN_MUSIC[index]!, bars));

describe('the music composer threads', () => {
  const composer = new MusicComposer(1);
  afterAll(() => composer.close());

  it('compose in a worker thread the very bytes composing in place gives', async () => {
    const pcm = await composer.compose(BUILTIN_MUSIC[12]!, { bars: 2 });
    expect(pcm.equals(inPlace(12, 2))).toBe(true);
    expect(composer.threadIds).toHaveLength(1);
    expect(composer.threadIds).not.toContain(threadId);
  });

  it('keep the event loop turning while a track is composed', async () => {
    const track = BUILTIN_MUSIC[3]!;
    await composer.compose(track, { bars: 1 });
    const started = performance.now();
    composeTrack(track, 4);
    // In place, the event loop is held for the whole composition.
    const heldInPlace = performance.now() - started;
    // The monitor measures between runs of its own timer: one run before and one after the work.
    const timerRuns = () => new Promise((resolve) => setTimeout(resolve, 20));
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await timerRuns();
    await composer.compose(track, { bars: 4 });
    await timerRuns();
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(heldInPlace / 4);
  });

  it('queue what is asked beyond their number, and answer each caller with its own track', async () => {
    const [first, second] = await Promise.all([composer.compose(BUILTIN_MUSIC[0]!, { bars: 1 }), composer.compose(BUILTIN_MUSIC[25]!, { bars: 1 })]);
    expect(first.equals(inPlace(0, 1))).toBe(true);
    expect(second.equals(inPlace(25, 1))).toBe(true);
    expect(composer.threadIds).toHaveLength(1);
  });

  it('stop waiting when the caller gives up, end the thread that was composing, and go on with a new one', async () => {
    await composer.compose(BUILTIN_MUSIC[5]!, { bars: 1 });
    const [composing] = composer.threadIds;
    const stop = new AbortController();
    const given = Promise.allSettled([composer.compose(BUILTIN_MUSIC[5]!, { signal: stop.signal }), composer.compose(BUILTIN_MUSIC[6]!, { bars: 1, signal: stop.signal })]);
    stop.abort(new Error('the render was stopped'));
    const outcomes = await given;
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(['the render was stopped', 'the render was stopped']);
    expect(composer.threadIds).toEqual([]);
    await expect(composer.compose(BUILTIN_MUSIC[6]!, { bars: 1, signal: stop.signal })).rejects.toThrow('the render was stopped');

    expect((await composer.compose(BUILTIN_MUSIC[6]!, { bars: 1 })).equals(inPlace(6, 1))).toBe(true);
    expect(composer.threadIds).toHaveLength(1);
    expect(composer.threadIds).not.toContain(composing);
  });

  it('end every thread on close, failing what was still to compose', async () => {
    const own = new MusicComposer(2);
    const pending = Promise.allSettled([own.compose(BUILTIN_MUSIC[1]!), own.compose(BUILTIN_MUSIC[2]!), own.compose(BUILTIN_MUSIC[3]!)]);
    expect(own.threadIds).toHaveLength(2);
    await own.close();
    expect((await pending).map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual(Array(3).fill('the music composer was closed'));
    expect(own.threadIds).toEqual([]);
  });
});

describe('a built-in track rendered for storage', () => {
  it('goes on for the callers still waiting when one gives up, and stops when nobody waits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'music-store-'));
    const disk = createDiskStorage(dir);
    // Counts answered look-ups: a caller has joined the render in flight once its look-up is answered.
    let lookedUp = 0;
    const storage = { ...disk, stat: (key: string) => disk.stat(key).finally(() => lookedUp++) };
    const composer = new MusicComposer(1);
    const track = BUILTIN_MUSIC[9]!;
    const composing = () => vi.waitFor(() => expect(composer.threadIds).toHaveLength(1), { timeout: 20_000, interval: 5 });
    try {
      const alone = new AbortController();
      const lonely = ensureBuiltinTrack(storage, composer, track, 'preview', alone.signal);
      await composing();
      alone.abort(new Error('the preview was left'));
      await expect(lonely).rejects.toThrow('the preview was left');
      expect(composer.threadIds).toEqual([]);
      expect(await disk.stat(builtinMusicKey(track, 'preview'))).toBeNull();

      lookedUp = 0;
      const staying = ensureBuiltinTrack(storage, composer, track, 'loop');
      await composing();
      const thread = composer.threadIds;
      const leaving = new AbortController();
      const left = ensureBuiltinTrack(storage, composer, track, 'preview', leaving.signal);
      await vi.waitFor(() => expect(lookedUp).toBe(2), { timeout: 20_000, interval: 5 });
      leaving.abort(new Error('the preview was left'));
      await expect(left).rejects.toThrow('the preview was left');
      expect(composer.threadIds).toEqual(thread);
      expect(await staying).toBe(builtinMusicKey(track, 'loop'));
      expect(await disk.stat(builtinMusicKey(track, 'preview'))).not.toBeNull();
    } finally {
      await composer.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the server bundle', () => {
  it('carries the composer thread as plain JavaScript that composes the same bytes', async () => {
    // Inside the repository, as dist/server is: the bundle finds its dependencies in node_modules.
    const scratch = fileURLToPath(new URL('../../.tmp/', import.meta.url));
    await mkdir(scratch, { recursive: true });
    const outdir = await mkdtemp(join(scratch, 'server-bundle-'));
    try {
      await buildServer(outdir);
      // No loader flags: what `npm start` runs is JavaScript only.
      const worker = new Worker(join(outdir, 'music-worker.js'), { execArgv: [] });
      const reply = await new Promise<ComposeReply>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ track: BUILTIN_MUSIC[20]!, bars: 1 });
      });
      await worker.terminate();
      expect('pcm' in reply && Buffer.from(reply.pcm).equals(inPlace(20, 1))).toBe(true);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
