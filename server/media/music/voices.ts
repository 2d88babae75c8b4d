// The composer's instruments, in plain TypeScript: each renders one note into a stereo loop
// buffer. Writes wrap around the loop's end (index modulo its length), so a note ringing past the
// last bar sounds at the start of the next pass and the loop joins without a seam.
import { mulberry32 } from '../../lib/seeded-random';

export const SAMPLE_RATE = 44_100;

/** A stereo bus the length of one loop; indices wrap. */
export class LoopBus {
  readonly left: Float32Array;
  readonly right: Float32Array;
  constructor(readonly length: number) {
    this.left = new Float32Array(length);
    this.right = new Float32Array(length);
  }
  /** Adds mono `samples` from sample `at` on, panned (-1 left … 1 right, constant power), times `gain`. */
  mix(at: number, samples: Float32Array, count: number, pan: number, gain: number): void {
    const leftGain = gain * Math.cos(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
    const rightGain = gain * Math.sin(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
    const { left, right, length } = this;
    let i = at % length;
    for (let n = 0; n < count; n++) {
      left[i]! += samples[n]! * leftGain;
      right[i]! += samples[n]! * rightGain;
      if (++i === length) i = 0;
    }
  }
}

/** What a note is written into: the dry mix and the reverb's send. */
export interface Buses {
  dry: LoopBus;
  send: LoopBus;
}

export interface Note {
  /** Sample where the note starts. */
  at: number;
  midi: number;
  /** Seconds the key is held. */
  hold: number;
  /** 0–1. */
  velocity: number;
  pan: number;
  /** 0–1 of the note sent to the reverb. */
  reverb: number;
}

export function frequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/**
 * Deterministic noise: the same seed gives the same sequence everywhere. A zero state starts as 1;
 * the stored tracks (keyed by COMPOSER_VERSION) are made of these exact sequences.
 */
export function seededRandom(seed: number): () => number {
  return mulberry32(seed >>> 0 || 1);
}

const TWO_PI = Math.PI * 2;

// One scratch buffer reused by every note (rendering is synchronous).
let scratch = new Float32Array(12 * SAMPLE_RATE);

/** A zeroed buffer of at least `count` samples for one note. */
function noteBuffer(count: number): Float32Array {
  if (scratch.length < count) scratch = new Float32Array(count);
  scratch.fill(0, 0, count);
  return scratch;
}

function emit(buses: Buses, note: Note, samples: Float32Array, count: number): void {
  buses.dry.mix(note.at, samples, count, note.pan, 1);
  if (note.reverb > 0) buses.send.mix(note.at, samples, count, note.pan, note.reverb);
}

/** Attack/release gain at sample `n` of a note held `holdSamples`, releasing over `releaseSamples`. */
function arEnvelope(n: number, attackSamples: number, holdSamples: number, releaseSamples: number): number {
  if (n < attackSamples) return n / attackSamples;
  if (n < holdSamples) return 1;
  const r = (n - holdSamples) / releaseSamples;
  return r >= 1 ? 0 : (1 - r) * (1 - r);
}

/** PolyBLEP residual: removes most of a sawtooth's aliasing at the wrap. */
function polyBlep(phase: number, step: number): number {
  if (phase < step) {
    const t = phase / step;
    return t + t - t * t - 1;
  }
  if (phase > 1 - step) {
    const t = (phase - 1) / step;
    return t * t + t + t + 1;
  }
  return 0;
}

/**
 * Warm pad or string section: two detuned band-limited saws through a resonant low-pass whose
 * cutoff opens with the swell; slow attack and release, a touch of vibrato for strings.
 */
export function pad(buses: Buses, note: Note, options: { attack: number; release: number; cutoff: number; vibrato?: number }): void {
  const f = frequency(note.midi);
  const attack = Math.max(1, Math.round(options.attack * SAMPLE_RATE));
  const hold = Math.round(note.hold * SAMPLE_RATE);
  const release = Math.round(options.release * SAMPLE_RATE);
  const total = hold + release;
  const out = noteBuffer(total);
  const detune = [0.9965, 1.0035];
  const phases = [0.13, 0.61];
  let low = 0;
  let band = 0;
  const gain = 0.11 * note.velocity;
  for (let n = 0; n < total; n++) {
    const env = arEnvelope(n, attack, hold, release);
    const vib = options.vibrato ? 1 + options.vibrato * Math.sin((TWO_PI * 5.2 * n) / SAMPLE_RATE) * Math.min(1, n / attack) : 1;
    let saw = 0;
    for (let v = 0; v < 2; v++) {
      const step = (f * detune[v]! * vib) / SAMPLE_RATE;
      let phase = phases[v]! + step;
      if (phase >= 1) phase -= 1;
      phases[v] = phase;
      saw += 2 * phase - 1 - polyBlep(phase, step);
    }
    // Chamberlin state-variable filter; the cutoff follows the envelope so the swell blooms.
    // (2·sin(π·fc) ≈ 2π·fc at these low cutoffs; the filter stays stable below ~0.1 of the rate.)
    const fc = 2 * Math.PI * Math.min(0.1, (options.cutoff * (0.5 + 0.5 * env)) / SAMPLE_RATE);
    low += fc * band;
    const high = saw * 0.5 - low - 0.6 * band;
    band += fc * high;
    out[n] = low * env * gain;
  }
  emit(buses, note, out, total);
}

/** Electric piano (two-operator FM, the bell-like attack fading to a round tone). */
export function electricPiano(buses: Buses, note: Note, options: { brightness: number }): void {
  const f = frequency(note.midi);
  const hold = Math.round(note.hold * SAMPLE_RATE);
  const release = Math.round(0.25 * SAMPLE_RATE);
  const total = hold + release;
  const out = noteBuffer(total);
  const decay = 1.6 + (84 - note.midi) * 0.02;
  const gain = 0.16 * note.velocity;
  for (let n = 0; n < total; n++) {
    const t = n / SAMPLE_RATE;
    const index = options.brightness * (0.4 + 2.2 * Math.exp(-t * 6)) * note.velocity;
    const modulator = Math.sin(TWO_PI * f * t) * index;
    const tone = Math.sin(TWO_PI * f * t + modulator) + 0.18 * Math.sin(TWO_PI * 2 * f * t);
    const attack = Math.min(1, n / (0.004 * SAMPLE_RATE));
    const env = attack * Math.exp(-t / decay) * (n < hold ? 1 : 1 - (n - hold) / release);
    // A soft tremolo, the classic suitcase-piano wobble.
    const tremolo = 1 - 0.12 * (0.5 + 0.5 * Math.sin(TWO_PI * 4.5 * t));
    out[n] = tone * env * tremolo * gain;
  }
  emit(buses, note, out, total);
}

/** Piano-like pluck: harmonics that decay faster the higher they are, a quick hammer attack. */
export function pluck(buses: Buses, note: Note, options: { harmonics: number; decay: number }): void {
  const f = frequency(note.midi);
  const total = Math.round((note.hold + options.decay * 1.5) * SAMPLE_RATE);
  const out = noteBuffer(total);
  const hold = Math.round(note.hold * SAMPLE_RATE);
  const gain = 0.13 * note.velocity;
  // Each partial is a decaying phasor turned by one complex multiply a sample: no sin/exp calls.
  const partials: Array<{ re: number; im: number; c: number; s: number; amplitude: number }> = [];
  for (let h = 1; h <= options.harmonics; h++) {
    // A slightly stretched series (like strings) keeps it from sounding like an organ.
    const ratio = h * (1 + 0.0004 * h * h);
    if (f * ratio > SAMPLE_RATE / 2.2) break;
    const radius = Math.exp(-1 / ((options.decay / (1 + 0.7 * (h - 1))) * SAMPLE_RATE));
    const w = (TWO_PI * f * ratio) / SAMPLE_RATE;
    partials.push({ re: 1, im: 0, c: radius * Math.cos(w), s: radius * Math.sin(w), amplitude: 1 / (h * h * 0.6 + 0.4) });
  }
  const attackSamples = 0.003 * SAMPLE_RATE;
  const damperStep = Math.exp(-1 / (0.12 * SAMPLE_RATE));
  let damper = 1;
  for (let n = 0; n < total; n++) {
    let value = 0;
    for (const p of partials) {
      const re = p.re * p.c - p.im * p.s;
      p.im = p.re * p.s + p.im * p.c;
      p.re = re;
      value += p.amplitude * p.im;
    }
    if (n >= hold) damper *= damperStep;
    out[n] = value * Math.min(1, n / attackSamples) * damper * gain;
  }
  emit(buses, note, out, total);
}

/** Glassy bell (FM at a non-integer ratio) for sparse, mysterious figures. */
export function bell(buses: Buses, note: Note): void {
  const f = frequency(note.midi);
  const total = Math.round((note.hold + 2.5) * SAMPLE_RATE);
  const out = noteBuffer(total);
  const gain = 0.09 * note.velocity;
  for (let n = 0; n < total; n++) {
    const t = n / SAMPLE_RATE;
    const index = 1.8 * Math.exp(-t * 3);
    const value = Math.sin(TWO_PI * f * t + index * Math.sin(TWO_PI * f * 3.5 * t));
    const attack = Math.min(1, n / (0.002 * SAMPLE_RATE));
    out[n] = value * attack * Math.exp(-t / 1.1) * gain;
  }
  emit(buses, note, out, total);
}

/** Round bass: sine with a little second and third harmonic, gently saturated. */
export function bass(buses: Buses, note: Note, options: { pluckiness: number }): void {
  const f = frequency(note.midi);
  const hold = Math.round(note.hold * SAMPLE_RATE);
  const release = Math.round(0.08 * SAMPLE_RATE);
  const total = hold + release;
  const out = noteBuffer(total);
  const gain = 0.32 * note.velocity;
  for (let n = 0; n < total; n++) {
    const t = n / SAMPLE_RATE;
    const raw = Math.sin(TWO_PI * f * t) + 0.25 * Math.sin(TWO_PI * 2 * f * t) + 0.08 * Math.sin(TWO_PI * 3 * f * t);
    const attack = Math.min(1, n / (0.006 * SAMPLE_RATE));
    const body = 1 - options.pluckiness + options.pluckiness * Math.exp(-t * 5);
    const env = attack * body * (n < hold ? 1 : 1 - (n - hold) / release);
    out[n] = Math.tanh(raw * 0.9) * env * gain;
  }
  emit(buses, { ...note, pan: 0 }, out, total);
}

/** Soft kick: a sine swept from ~110 Hz down to ~45 Hz with a short click-free attack. */
export function kick(buses: Buses, at: number, velocity: number): void {
  const total = Math.round(0.45 * SAMPLE_RATE);
  const out = noteBuffer(total);
  let phase = 0;
  const note: Note = { at, midi: 0, hold: 0, velocity, pan: 0, reverb: 0.05 };
  for (let n = 0; n < total; n++) {
    const t = n / SAMPLE_RATE;
    const f = 45 + 65 * Math.exp(-t * 28);
    phase += f / SAMPLE_RATE;
    const attack = Math.min(1, n / (0.0015 * SAMPLE_RATE));
    out[n] = Math.sin(TWO_PI * phase) * attack * Math.exp(-t * 7) * 0.55 * velocity;
  }
  emit(buses, note, out, total);
}

/** Snare or clap: filtered noise over a short body tone. */
export function snare(buses: Buses, at: number, velocity: number, random: () => number, options: { tone: number; decay: number; pan?: number }): void {
  const total = Math.round(options.decay * 5 * SAMPLE_RATE);
  const out = noteBuffer(total);
  const note: Note = { at, midi: 0, hold: 0, velocity, pan: options.pan ?? 0, reverb: 0.35 };
  let previous = 0;
  for (let n = 0; n < total; n++) {
    const t = n / SAMPLE_RATE;
    const white = random() * 2 - 1;
    // One-zero high-pass: takes the thud out of the noise.
    const noise = white - 0.6 * previous;
    previous = white;
    const body = Math.sin(TWO_PI * options.tone * t) * Math.exp(-t * 30);
    const attack = Math.min(1, n / (0.001 * SAMPLE_RATE));
    out[n] = (noise * 0.5 * Math.exp(-t / options.decay) + body * 0.4) * attack * 0.22 * velocity;
  }
  emit(buses, note, out, total);
}

/** Hi-hat or shaker: bright noise with a very short decay. */
export function hat(buses: Buses, at: number, velocity: number, random: () => number, options: { decay: number; pan: number }): void {
  const total = Math.round(options.decay * 6 * SAMPLE_RATE);
  const out = noteBuffer(total);
  const note: Note = { at, midi: 0, hold: 0, velocity, pan: options.pan, reverb: 0.15 };
  let a = 0;
  let b = 0;
  for (let n = 0; n < total; n++) {
    const white = random() * 2 - 1;
    // Second difference: a steep high-pass, only the sizzle is left.
    const high = white - 2 * a + b;
    b = a;
    a = white;
    const attack = Math.min(1, n / (0.0008 * SAMPLE_RATE));
    out[n] = high * 0.25 * attack * Math.exp(-n / (options.decay * SAMPLE_RATE)) * 0.12 * velocity;
  }
  emit(buses, note, out, total);
}
