// The built-in composer: a catalogue entry → one seamless stereo loop of PCM, deterministic (the
// same entry gives the same samples on every machine and run, so processes that render it at the
// same time store identical files). A second or two of CPU for a full track, all of it
// synchronous: the server runs it in a worker thread (composer-pool.ts), never on its event loop.
import type { BuiltinMusicTrack } from '../../../contract/builtin-music';
import { arrange } from './arrangement';
import { highPass, lowPass, master, reverb } from './effects';
import { LoopBus } from './voices';

export { SAMPLE_RATE } from './voices';

/** Bumped whenever the sound of any track changes: stored renders are keyed by it. */
export const COMPOSER_VERSION = 1;

export interface StereoPcm {
  left: Float32Array;
  right: Float32Array;
}

/** `bars` shortens the loop (tests render every track quickly that way). */
export function composeTrack(track: BuiltinMusicTrack, bars?: number): StereoPcm {
  const arrangement = arrange(track, bars);
  const buses = { dry: new LoopBus(arrangement.length), send: new LoopBus(arrangement.length) };
  arrangement.play(buses);
  const wet = reverb(buses.send, arrangement.reverbSize);
  let left: Float32Array = new Float32Array(arrangement.length);
  let right: Float32Array = new Float32Array(arrangement.length);
  for (let i = 0; i < arrangement.length; i++) {
    left[i] = buses.dry.left[i]! + wet.left[i]!;
    right[i] = buses.dry.right[i]! + wet.right[i]!;
  }
  if (arrangement.tone !== null) {
    left = lowPass(left, arrangement.tone);
    right = lowPass(right, arrangement.tone);
  }
  left = highPass(left, 30);
  right = highPass(right, 30);
  return master(left, right);
}

/** Interleaved signed 16-bit little-endian samples (what ffmpeg reads as `-f s16le`). */
export function toS16le({ left, right }: StereoPcm): Buffer {
  const out = Buffer.alloc(left.length * 4);
  for (let i = 0; i < left.length; i++) {
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(left[i]! * 32767))), i * 4);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(right[i]! * 32767))), i * 4 + 2);
  }
  return out;
}
