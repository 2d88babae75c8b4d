// Built-in tracks are rendered lazily, the first time one is previewed or mixed into a video, and
// kept in media storage under a key naming the composer's version. Rendering is deterministic and
// every storage write is atomic (temp file + rename, or one S3 PUT), so processes that render the
// same track at once store identical bytes and any reader sees a whole file.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILTIN_MUSIC_PREVIEW_SECONDS, builtinMusicDuration, type BuiltinMusicTrack } from '../../../contract/builtin-music';
import { runFfmpeg } from '../ffmpeg';
import type { MediaStorage } from '../storage/types';
import { makeWorkDir } from '../temp-roots';
import { COMPOSER_VERSION, composeTrack, SAMPLE_RATE, toS16le } from './compose-track';

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
export async function renderBuiltinTrack(track: BuiltinMusicTrack, workDir: string, signal?: AbortSignal): Promise<Record<BuiltinMusicFile, string>> {
  const pcmPath = join(workDir, 'track.pcm');
  await writeFile(pcmPath, toS16le(await composeTrack(track)));
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

const inFlight = new Map<string, Promise<void>>();

/**
 * The storage key of a built-in track's file, rendering and storing both files first when they
 * are not stored yet. Within a process one render per track runs at a time (a second caller waits
 * for it); across processes a race renders twice and stores the same bytes.
 */
export async function ensureBuiltinTrack(storage: MediaStorage, track: BuiltinMusicTrack, file: BuiltinMusicFile): Promise<string> {
  const key = builtinMusicKey(track, file);
  if (await storage.stat(key)) return key;
  let rendering = inFlight.get(track.id);
  if (!rendering) {
    rendering = renderAndStore(storage, track).finally(() => inFlight.delete(track.id));
    inFlight.set(track.id, rendering);
  }
  await rendering;
  return key;
}

async function renderAndStore(storage: MediaStorage, track: BuiltinMusicTrack): Promise<void> {
  const workDir = await makeWorkDir('reelflow-music');
  try {
    const paths = await renderBuiltinTrack(track, workDir);
    // The loop last: its presence is what says both files are stored (the preview's stat is checked too).
    await storage.putFile(builtinMusicKey(track, 'preview'), paths.preview, FILES.preview.contentType);
    await storage.putFile(builtinMusicKey(track, 'loop'), paths.loop, FILES.loop.contentType);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
