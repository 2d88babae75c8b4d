// `npm run bench`: the built-in composer over every shipped track at full length — CPU to compose
// each, the event loop's longest hold meanwhile (composing yields between bars), and the checks a
// test makes on short renders: level (RMS), peak below −1 dBFS, and the loop's seam no larger than
// the track's own near-largest sample step. Exits non-zero when a track fails a check.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BUILTIN_MUSIC, builtinMusicDuration } from '../../contract/builtin-music';
import { composeTrack } from '../../server/media/music/compose-track';

async function main() {
  let failures = 0;
  let totalCpuMs = 0;
  console.log('track                 mood        length s   cpu ms   rms dBFS   peak   seam/p99.9   loop held ms');
  for (const track of BUILTIN_MUSIC) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = process.cpuUsage();
    const { left, right } = await composeTrack(track);
    const cpuMs = (process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000;
    loop.disable();
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
  console.log(`all ${BUILTIN_MUSIC.length} tracks: ${(totalCpuMs / 1000).toFixed(1)} s of CPU; ${failures} failed`);
  if (failures > 0) process.exitCode = 1;
}

await main();
