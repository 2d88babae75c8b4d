// `npm run bench`: the built-in composer over every shipped track at full length, as the server
// runs it (one composer thread) — CPU to compose each (the process's, threads included), the event
// loop's longest hold meanwhile (it only waits for the thread), and the checks a test makes on
// short renders, on the 16-bit samples stored: level (RMS), peak below −1 dBFS, and the loop's
// seam no larger than the track's own near-largest sample step. Exits non-zero when a track fails
// a check.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BUILTIN_MUSIC, builtinMusicDuration } from '../../contract/builtin-music';
import { MusicComposer } from '../../server/media/music/composer-pool';

/** Interleaved s16le stereo back to one float channel per side. */
function channels(pcm: Buffer): { left: Float32Array; right: Float32Array } {
  const frames = pcm.length / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = pcm.readInt16LE(i * 4) / 32767;
    right[i] = pcm.readInt16LE(i * 4 + 2) / 32767;
  }
  return { left, right };
}

async function main() {
  const composer = new MusicComposer(1);
  let failures = 0;
  let totalCpuMs = 0;
  console.log('track                 mood        length s   cpu ms   rms dBFS   peak   seam/p99.9   loop held ms');
  for (const track of BUILTIN_MUSIC) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = process.cpuUsage();
    const pcm = await composer.compose(track);
    const cpuMs = (process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000;
    loop.disable();
    const { left, right } = channels(pcm);
    totalCpuMs += cpuMs;
    let sum = 0;
    let peak = 0;
    const steps: number[] = [];
    for (let i = 0; i < left.length; i++) {
      sum += left[i]! ** 2 + right[i]! ** 2;
      peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
      if (i > 0 && i % 4 === 0) steps.push(Math.abs(left[i]! - left[i - 1]!));
    }
    steps.sort((a, b) => a - b);
    const p999 = steps[Math.floor(steps.length * 0.999)]!;
    const seam = Math.max(Math.abs(left[0]! - left[left.length - 1]!), Math.abs(right[0]! - right[right.length - 1]!));
    const rmsDb = 10 * Math.log10(sum / (2 * left.length));
    const ok = rmsDb > -19 && rmsDb < -17 && peak <= 0.892 && seam <= p999;
    if (!ok) failures++;
    console.log(
      `${track.title.padEnd(22)}${track.mood.padEnd(12)}${builtinMusicDuration(track).toFixed(1).padStart(8)}${cpuMs.toFixed(0).padStart(9)}${rmsDb.toFixed(1).padStart(11)}${peak.toFixed(2).padStart(7)}${(seam / p999).toFixed(2).padStart(13)}${(loop.max / 1e6).toFixed(0).padStart(15)}${ok ? '' : '   FAILED'}`,
    );
  }
  await composer.close();
  console.log(`all ${BUILTIN_MUSIC.length} tracks: ${(totalCpuMs / 1000).toFixed(1)} s of CPU; ${failures} failed`);
  if (failures > 0) process.exitCode = 1;
}

await main();
