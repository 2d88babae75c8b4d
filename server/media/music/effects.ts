// The composer's effects and mastering, written for loops: every filter with memory first runs
// over the loop's last seconds, so its state at the loop's start is the state its end leaves
// behind and the loop repeats without a seam.
import { LoopBus, SAMPLE_RATE } from './voices';

/**
 * The loop's last `warmUp` samples followed by the whole loop: a filter run over this and cut back
 * to the last `input.length` samples starts the loop in the state its end leaves behind.
 */
function withWarmUp(input: Float32Array, warmUp: number): Float32Array {
  const lead = Math.min(warmUp, input.length);
  const extended = new Float32Array(lead + input.length);
  extended.set(input.subarray(input.length - lead), 0);
  extended.set(input, lead);
  return extended;
}

function steadyState(input: Float32Array, warmUpSeconds: number, filter: (signal: Float32Array) => Float32Array): Float32Array {
  const extended = withWarmUp(input, Math.round(warmUpSeconds * SAMPLE_RATE));
  return filter(extended).slice(extended.length - input.length);
}

/** Lowpass-feedback comb (Freeverb's), added into `out`. */
function comb(input: Float32Array, out: Float32Array, size: number, feedback: number, damping: number): void {
  const buffer = new Float32Array(size);
  let index = 0;
  let store = 0;
  for (let i = 0; i < input.length; i++) {
    const delayed = buffer[index]!;
    store = delayed * (1 - damping) + store * damping;
    buffer[index] = input[i]! + store * feedback;
    if (++index === size) index = 0;
    out[i]! += delayed;
  }
}

/** Schroeder all-pass, in place. */
function allPass(signal: Float32Array, size: number): void {
  const buffer = new Float32Array(size);
  let index = 0;
  for (let i = 0; i < signal.length; i++) {
    const delayed = buffer[index]!;
    const input = signal[i]!;
    buffer[index] = input + delayed * 0.5;
    if (++index === size) index = 0;
    signal[i] = delayed - input;
  }
}

// Freeverb's tunings (at 44.1 kHz); the right channel's lines are a little longer for width.
const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES = [556, 441, 341, 225];
const STEREO_SPREAD = 23;
/** Longer than the longest reverb's decay to silence (−80 dB). */
const REVERB_WARM_UP_SECONDS = 8;

/** A Schroeder/Moorer reverb (Freeverb's structure) over the send bus: `size` 0–1 sets the decay. */
export function reverb(send: LoopBus, size: number): { left: Float32Array; right: Float32Array } {
  const feedback = 0.7 + 0.28 * size;
  const channel = (input: Float32Array, spread: number) => {
    const warmUp = Math.min(Math.round(REVERB_WARM_UP_SECONDS * SAMPLE_RATE), input.length);
    const scaled = withWarmUp(input, warmUp).map((sample) => sample * 0.015);
    const out = new Float32Array(scaled.length);
    for (const length of COMBS) comb(scaled, out, length + spread, feedback, 0.35);
    for (const length of ALLPASSES) allPass(out, length + spread);
    return out.slice(warmUp);
  };
  return { left: channel(send.left, 0), right: channel(send.right, STEREO_SPREAD) };
}

/** Two-pole low-pass (biquad, Butterworth Q): the lo-fi dullness or a general top-end smoothing. */
export function lowPass(input: Float32Array, cutoffHz: number): Float32Array {
  const w = (2 * Math.PI * cutoffHz) / SAMPLE_RATE;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (1 - cos) / 2 / a0;
  const b1 = (1 - cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  return steadyState(input, 0.5, (signal) => {
    const out = new Float32Array(signal.length);
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < signal.length; i++) {
      const x = signal[i]!;
      const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
    return out;
  });
}

/** One-pole high-pass: removes DC and sub-rumble below ~30 Hz. */
export function highPass(input: Float32Array, cutoffHz: number): Float32Array {
  const r = Math.exp((-2 * Math.PI * cutoffHz) / SAMPLE_RATE);
  return steadyState(input, 0.5, (signal) => {
    const out = new Float32Array(signal.length);
    let x1 = 0;
    let y1 = 0;
    for (let i = 0; i < signal.length; i++) {
      const x = signal[i]!;
      const y = x - x1 + r * y1;
      x1 = x;
      y1 = y;
      out[i] = y;
    }
    return out;
  });
}

/** Root-mean-square of both channels together. */
export function rms(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += left[i]! * left[i]! + right[i]! * right[i]!;
  return Math.sqrt(sum / (2 * left.length));
}

/** Output level of every track before encoding (about −16 LUFS for this kind of material). */
export const MASTER_RMS_DBFS = -18;
/** The soft limiter's knee and ceiling, as sample values. */
const KNEE = 0.6;
const CEILING = 0.891; // −1 dBFS

function softLimit(x: number): number {
  const magnitude = Math.abs(x);
  if (magnitude <= KNEE) return x;
  const over = (magnitude - KNEE) / (CEILING - KNEE);
  return Math.sign(x) * (KNEE + (CEILING - KNEE) * Math.tanh(over));
}

/** Gentle mastering: level every track to the same RMS, then round off peaks below −1 dBFS. */
export function master(left: Float32Array, right: Float32Array): { left: Float32Array; right: Float32Array } {
  const level = rms(left, right);
  const gain = level > 0 ? 10 ** (MASTER_RMS_DBFS / 20) / level : 0;
  const outLeft = new Float32Array(left.length);
  const outRight = new Float32Array(right.length);
  for (let i = 0; i < left.length; i++) {
    outLeft[i] = softLimit(left[i]! * gain);
    outRight[i] = softLimit(right[i]! * gain);
  }
  return { left: outLeft, right: outRight };
}
