// `npm run bench`: milliseconds to draw and encode one 1080x1920 built-in scene per art
// style — a scene with pictures (hero and supports) under the default captions, in the format
// the provider writes (JPEG for grainy styles, PNG for flat ones) and, for comparison, always
// PNG; plus the typographic scene (nothing to picture) as the ratio pictures ÷ typographic.
// Median of several runs per style, one core; figures only.
import { ART_STYLES } from '../../contract/permissions';
import { LOSSLESS_STYLES as LOSSLESS, renderSceneArt } from '../../server/providers/visuals';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall time and CPU time (user + system): on a shared, busy machine the CPU figure is the
 *  steadier one, since wall time also counts waiting for a core. */
function time(run: () => Buffer): { ms: number; cpuMs: number; bytes: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    bytes = run().length;
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - start);
  }
  return { ms: median(wall), cpuMs: median(cpu), bytes };
}

// Warm up: fonts registered, code paths compiled.
renderSceneArt({ style: 'realistic', prompt: 'Octopuses are clever.', index: 0, width: 540, height: 960 });

const rows: string[] = [];
let total = 0;
let totalCpu = 0;
let totalTypographicCpu = 0;
for (const style of ART_STYLES) {
  const input = { style, prompt: 'Octopuses have three hearts and blue blood.', index: 1, width: 1080, height: 1920 };
  const format = LOSSLESS.has(style) ? 'png' : 'jpeg';
  const chosen = time(() => renderSceneArt({ ...input, format }));
  totalTypographicCpu += time(() => renderSceneArt({ ...input, prompt: 'Honestly, it is not what it seems.', format })).cpuMs;
  const png = time(() => renderSceneArt({ ...input, format: 'png' }));
  total += chosen.ms;
  totalCpu += chosen.cpuMs;
  rows.push(
    `${style.padEnd(11)} ${chosen.ms.toFixed(0).padStart(5)} ms wall ${chosen.cpuMs.toFixed(0).padStart(5)} ms cpu (${LOSSLESS.has(style) ? 'png ' : 'jpeg'}, ${(chosen.bytes / 1024).toFixed(0)} KB)` +
      `   always-png ${png.ms.toFixed(0).padStart(5)} ms wall ${png.cpuMs.toFixed(0).padStart(5)} ms cpu (${(png.bytes / 1024).toFixed(0)} KB)`,
  );
}
console.log('Built-in scene visuals, 1080x1920, median of', RUNS, 'runs');
console.log(rows.join('\n'));
console.log(`mean per frame: ${(total / ART_STYLES.length).toFixed(0)} ms wall, ${(totalCpu / ART_STYLES.length).toFixed(0)} ms cpu`);
console.log(`pictures ÷ typographic scene (cpu): ${(totalCpu / totalTypographicCpu).toFixed(2)}x`);
