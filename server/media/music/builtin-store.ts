// Built-in tracks are rendered lazily, the first time one is previewed or mixed into a video, and
// kept in media storage under a key naming the composer's version. Rendering is deterministic and
// every storage write is atomic (temp file + rename, or one S3 PUT), so processes that render the
// same track at once store identical bytes and any reader sees a whole file.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILTIN_MUSIC_PREVIEW_SECONDS, builtinMusicDuration, type BuiltinMusicTrack } from '../../../contract/builtin-music';
import { abortError } from '../../lib/abort';
import { runFfmpeg } from '../ffmpeg';
import type { MediaStorage } from '../storage/types';
import { makeWorkDir } from '../temp-roots';
import { COMPOSER_VERSION, SAMPLE_RATE } from './compose-track';
import type { MusicComposer } from './composer-pool';

export type BuiltinMusicFile = 'loop' | 'preview';

const FILES: Record<BuiltinMusicFile, { suffix: string; contentType: string }> = {
  // Lossless: the mixer loops it (`-stream_loop`), and a lossy codec's padding would put a gap at the seam.
  loop: { suffix: 'loop.flac', contentType: 'audio/flac' },
  // What a phone downloads to listen: 15 s of AAC, about 200 KB.
  preview: { suffix: 'preview.m4a', contentType: 'audio/mp4' },
};

export function builtinMusicKey(track: Pick<BuiltinMusicTrack, 'id'>, file: BuiltinMusicFile): string {
  return `builtin/music/v${COMPOSER_VERSION}/${track.id}/${FILES[file].suffix}`;
}

/** Encoder settings that leave no version string or time in the file: same PCM → same bytes. */
const BITEXACT = ['-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1'];

/** Composes `track` and encodes its loop and preview into `workDir`; returns the two paths. */
export async function renderBuiltinTrack(composer: MusicComposer, track: BuiltinMusicTrack, workDir: string, signal?: AbortSignal): Promise<Record<BuiltinMusicFile, string>> {
  const pcmPath = join(workDir, 'track.pcm');
  await writeFile(pcmPath, await composer.compose(track, signal ? { signal } : {}));
  const loop = join(workDir, FILES.loop.suffix);
  const preview = join(workDir, FILES.preview.suffix);
  const fadeStart = Math.min(BUILTIN_MUSIC_PREVIEW_SECONDS, builtinMusicDuration(track)) - 2;
  await runFfmpeg(
    [
      '-y',
      ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', pcmPath],
      ...['-map', '0:a', '-c:a', 'flac', '-compression_level', '8', ...BITEXACT, loop],
      ...['-map', '0:a', '-t', String(BUILTIN_MUSIC_PREVIEW_SECONDS), '-af', `afade=t=in:d=0.05,afade=t=out:st=${fadeStart}:d=2`],
      ...['-c:a', 'aac', '-b:a', '112k', '-movflags', '+faststart', ...BITEXACT, preview],
    ],
    signal ? { signal } : {},
  );
  return { loop, preview };
}

/** A render of one track that every caller asking for it meanwhile waits on. */
interface SharedRender {
  done: Promise<void>;
  stop: AbortController;
  /** Callers still waiting: when the last one gives up, the render stops. */
  waiting: number;
}

const inFlight = new Map<string, SharedRender>();

/** Settles with `done`, or rejects as soon as `signal` aborts (`done` goes on for others). */
function waitUnlessAborted(done: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return done;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void done.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The storage key of a built-in track's file, rendering and storing both files first when they
 * are not stored yet. Within a process one render per track runs at a time (a second caller waits
 * for it); across processes a race renders twice and stores the same bytes. A caller whose signal
 * aborts stops waiting at once; the render itself stops when no caller waits for it any more.
 */
export async function ensureBuiltinTrack(
  storage: MediaStorage,
  composer: MusicComposer,
  track: BuiltinMusicTrack,
  file: BuiltinMusicFile,
  signal?: AbortSignal,
): Promise<string> {
  const key = builtinMusicKey(track, file);
  if (await storage.stat(key)) return key;
  signal?.throwIfAborted();
  const render = inFlight.get(track.id) ?? startRender(storage, composer, track);
  render.waiting++;
  try {
    await waitUnlessAborted(render.done, signal);
  } finally {
    render.waiting--;
    if (render.waiting === 0 && signal?.aborted) {
      // Stopped for good: a later caller starts a render of its own instead of joining this one.
      if (inFlight.get(track.id) === render) inFlight.delete(track.id);
      render.stop.abort(abortError(signal));
    }
  }
  return key;
}

function startRender(storage: MediaStorage, composer: MusicComposer, track: BuiltinMusicTrack): SharedRender {
  const render: SharedRender = { done: Promise.resolve(), stop: new AbortController(), waiting: 0 };
  render.done = renderAndStore(storage, composer, track, render.stop.signal).finally(() => {
    if (inFlight.get(track.id) === render) inFlight.delete(track.id);
  });
  // A render stopped because nobody waits any more fails with nobody to hear it.
  render.done.catch(() => {});
  inFlight.set(track.id, render);
  return render;
}

async function renderAndStore(storage: MediaStorage, composer: MusicComposer, track: BuiltinMusicTrack, signal: AbortSignal): Promise<void> {
  const workDir = await makeWorkDir('reelflow-music');
  try {
    const paths = await renderBuiltinTrack(composer, track, workDir, signal);
    // The loop last: its presence is what says both files are stored (the preview's stat is checked too).
    await storage.putFile(builtinMusicKey(track, 'preview'), paths.preview, FILES.preview.contentType);
    await storage.putFile(builtinMusicKey(track, 'loop'), paths.loop, FILES.loop.contentType);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
