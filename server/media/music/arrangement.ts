// What each mood plays: tempo comes from the catalogue; the mood gives the scale, the chord
// progressions, which instruments play the chords, the bass line, the drum groove and where a
// melody enters. The seed picks among the mood's options, so five tracks of one mood differ but
// keep its character. Sixteen bars: four passes of a four-chord progression, layers entering
// over the first half, a melody over the second; the loop then returns to bar one.
import type { BuiltinMusicTrack, MusicMood } from '../../../contract/builtin-music';
import { BUILTIN_MUSIC_BARS } from '../../../contract/builtin-music';
import { bass, bell, electricPiano, hat, kick, pad, pluck, SAMPLE_RATE, seededRandom, snare, type Buses, type Note } from './voices';

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
} as const;
type ScaleName = keyof typeof SCALES;

interface MoodStyle {
  scales: ScaleName[];
  /** Scale degrees (0 = tonic), one chord a bar. */
  progressions: number[][];
  /** Four-note (seventh) chords instead of triads. */
  sevenths: boolean;
  /** 0–1: how long the reverb rings. */
  reverbSize: number;
  /** Low-pass on the whole mix (Hz), null for none. */
  tone: number | null;
  /** Delay of every off-beat eighth, 0.5 = straight, 0.62 = a lazy swing. */
  swing: number;
}

const STYLES: Record<MusicMood, MoodStyle> = {
  calm: { scales: ['major', 'lydian'], progressions: [[0, 4, 5, 3], [0, 5, 3, 4], [3, 0, 4, 5], [0, 3, 5, 4], [5, 3, 0, 4]], sevenths: false, reverbSize: 0.85, tone: 6000, swing: 0.5 },
  upbeat: { scales: ['major'], progressions: [[0, 4, 5, 3], [5, 3, 0, 4], [0, 3, 4, 4], [3, 4, 0, 5], [0, 5, 3, 4]], sevenths: false, reverbSize: 0.45, tone: null, swing: 0.5 },
  dramatic: { scales: ['minor'], progressions: [[0, 5, 2, 6], [0, 3, 5, 4], [0, 6, 5, 6], [0, 5, 3, 4], [0, 2, 6, 5]], sevenths: false, reverbSize: 0.9, tone: 7000, swing: 0.5 },
  lofi: { scales: ['major', 'dorian'], progressions: [[1, 4, 0, 5], [3, 2, 1, 0], [0, 5, 1, 4], [3, 4, 2, 5], [5, 1, 4, 0]], sevenths: true, reverbSize: 0.6, tone: 3200, swing: 0.6 },
  inspiring: { scales: ['major'], progressions: [[3, 0, 4, 5], [0, 4, 5, 3], [5, 3, 0, 4], [0, 3, 5, 4], [3, 4, 5, 0]], sevenths: false, reverbSize: 0.75, tone: null, swing: 0.5 },
  mysterious: { scales: ['dorian', 'phrygian', 'minor'], progressions: [[0, 3, 0, 6], [0, 1, 0, 6], [0, 5, 3, 4], [0, 6, 5, 6], [0, 3, 1, 0]], sevenths: true, reverbSize: 0.92, tone: 5000, swing: 0.5 },
};

export function moodStyle(mood: MusicMood): MoodStyle {
  return STYLES[mood];
}

/** Semitones above the tonic of scale degree `degree` (may be negative or past the octave). */
function degreeOffset(scale: readonly number[], degree: number): number {
  const octave = Math.floor(degree / 7);
  return scale[((degree % 7) + 7) % 7]! + 12 * octave;
}

/** A chord's tones as MIDI notes, each moved by octaves into [low, low + 12): close voice leading. */
function voicing(tonic: number, scale: readonly number[], root: number, size: number, low: number): number[] {
  const notes: number[] = [];
  for (let i = 0; i < size; i++) {
    let note = tonic + degreeOffset(scale, root + 2 * i);
    while (note < low) note += 12;
    while (note >= low + 12) note -= 12;
    notes.push(note);
  }
  return notes.sort((a, b) => a - b);
}

export interface Arrangement {
  /** Samples in one loop. */
  length: number;
  reverbSize: number;
  tone: number | null;
  /** Renders every note into the buses. */
  play(buses: Buses): void;
}

/** `bars` shortens the loop (tests); the catalogue's tracks are BUILTIN_MUSIC_BARS long. */
export function arrange(track: BuiltinMusicTrack, bars = BUILTIN_MUSIC_BARS): Arrangement {
  const style = STYLES[track.mood];
  const random = seededRandom(track.seed * 7919 + 17);
  const scale = SCALES[style.scales[track.seed % style.scales.length]!];
  const progression = style.progressions[Math.floor(track.seed / style.scales.length) % style.progressions.length]!;
  const beat = 60 / track.bpm;
  const sixteenth = beat / 4;
  const length = Math.round(bars * 4 * beat * SAMPLE_RATE);

  /** Sample of bar `bar`, sixteenth `step` (swing delays the off-beat eighths). */
  const at = (bar: number, step: number): number => {
    const swung = step % 4 === 2 ? step - 2 + 4 * style.swing : step;
    return Math.round((bar * 16 + swung) * sixteenth * SAMPLE_RATE);
  };
  const humanize = (velocity: number) => Math.max(0.05, Math.min(1, velocity * (0.9 + 0.2 * random())));
  const chordOf = (bar: number) => progression[bar % progression.length]!;
  const chordSize = style.sevenths ? 4 : 3;
  const padLow = track.tonic - 5;
  const arpPattern = random() < 0.5 ? [0, 1, 2, 1] : [0, 2, 1, 2];
  const bassLow = track.tonic - 26;
  const bassNote = (bar: number) => voicing(track.tonic, scale, chordOf(bar), 1, bassLow)[0]!;

  const melodyNotes = (span: [number, number], instrument: (note: Note) => void, density: number, holdSteps: number) => {
    // One two-bar motif (rhythm and contour), played over each two bars with the chord's tones.
    const rhythm: number[] = [];
    for (let step = 0; step < 32; step += 2) if (step % 8 === 0 ? random() < density + 0.3 : random() < density) rhythm.push(step);
    const contour = rhythm.map(() => Math.floor(random() * 3) - 1);
    for (let bar = span[0]; bar < Math.min(span[1], bars); bar += 2) {
      let index = 1;
      rhythm.forEach((step, i) => {
        const barHere = bar + Math.floor(step / 16);
        const tones = voicing(track.tonic, scale, chordOf(barHere), 3, track.tonic + 7);
        index = Math.max(0, Math.min(tones.length - 1, index + contour[i]!));
        instrument({ at: at(barHere, step % 16), midi: tones[index]!, hold: holdSteps * sixteenth, velocity: humanize(0.55), pan: 0.15, reverb: 0.45 });
      });
    }
  };

  const drums = (buses: Buses, fromBar: number, groove: { kicks: number[]; snares: number[]; hats: number[]; hatVelocity: number; clap?: boolean }) => {
    const noise = seededRandom(track.seed * 31 + 5);
    for (let bar = fromBar; bar < bars; bar++) {
      for (const step of groove.kicks) kick(buses, at(bar, step), humanize(step === 0 ? 0.9 : 0.7));
      for (const step of groove.snares) snare(buses, at(bar, step), humanize(0.7), noise, groove.clap ? { tone: 900, decay: 0.05, pan: 0.1 } : { tone: 190, decay: 0.09 });
      for (const step of groove.hats) hat(buses, at(bar, step), humanize(step % 4 === 2 ? groove.hatVelocity : groove.hatVelocity * 0.6), noise, { decay: 0.035, pan: -0.3 });
    }
  };

  const play = (buses: Buses) => {
    for (let bar = 0; bar < bars; bar++) {
      const chord = voicing(track.tonic, scale, chordOf(bar), chordSize, padLow);
      const root = bassNote(bar);
      const barSeconds = 16 * sixteenth;
      switch (track.mood) {
        case 'calm': {
          for (const midi of chord) pad(buses, { at: at(bar, 0), midi, hold: barSeconds, velocity: 0.7, pan: (midi - track.tonic) / 24, reverb: 0.5 }, { attack: 1.2, release: 1.6, cutoff: 1500 });
          bass(buses, { at: at(bar, 0), midi: root, hold: barSeconds * 0.9, velocity: 0.55, pan: 0, reverb: 0.1 }, { pluckiness: 0.3 });
          if (bar >= 4) for (let step = 0; step < 16; step += 4) pluck(buses, { at: at(bar, step), midi: chord[arpPattern[step / 4]!]! + 12, hold: beat, velocity: humanize(0.45), pan: -0.25, reverb: 0.55 }, { harmonics: 6, decay: 0.9 });
          break;
        }
        case 'upbeat': {
          for (const step of [0, 6, 12]) for (const midi of chord) pluck(buses, { at: at(bar, step), midi: midi + 12, hold: sixteenth * 3, velocity: humanize(0.5), pan: 0.2, reverb: 0.2 }, { harmonics: 8, decay: 0.5 });
          for (const midi of chord) pad(buses, { at: at(bar, 0), midi, hold: barSeconds, velocity: 0.35, pan: -0.2, reverb: 0.3 }, { attack: 0.3, release: 0.5, cutoff: 2200 });
          for (let step = 0; step < 16; step += 2) bass(buses, { at: at(bar, step), midi: root + (step % 8 === 6 ? 12 : 0), hold: sixteenth * 1.6, velocity: humanize(0.7), pan: 0, reverb: 0 }, { pluckiness: 0.6 });
          break;
        }
        case 'dramatic': {
          for (const midi of chord) pad(buses, { at: at(bar, 0), midi, hold: barSeconds, velocity: 0.8, pan: (midi - track.tonic) / 20, reverb: 0.55 }, { attack: 0.6, release: 1.2, cutoff: 2400, vibrato: 0.003 });
          bass(buses, { at: at(bar, 0), midi: root, hold: barSeconds * 0.95, velocity: 0.75, pan: 0, reverb: 0.15 }, { pluckiness: 0.2 });
          if (bar >= 4) for (let step = 0; step < 16; step += 2) pluck(buses, { at: at(bar, step), midi: chord[arpPattern[(step / 2) % 4]!]! + (step % 4 === 0 ? 0 : 12), hold: sixteenth * 1.5, velocity: humanize(0.4), pan: -0.3, reverb: 0.35 }, { harmonics: 7, decay: 0.35 });
          break;
        }
        case 'lofi': {
          for (const step of [0, 10]) for (const midi of chord) electricPiano(buses, { at: at(bar, step) + Math.round(random() * 0.012 * SAMPLE_RATE), midi, hold: step === 0 ? sixteenth * 9 : sixteenth * 5, velocity: humanize(0.6), pan: (midi - track.tonic) / 24, reverb: 0.3 }, { brightness: 0.8 });
          bass(buses, { at: at(bar, 0), midi: root, hold: sixteenth * 6, velocity: 0.7, pan: 0, reverb: 0 }, { pluckiness: 0.5 });
          bass(buses, { at: at(bar, 10), midi: root, hold: sixteenth * 4, velocity: 0.6, pan: 0, reverb: 0 }, { pluckiness: 0.5 });
          break;
        }
        case 'inspiring': {
          for (let step = 0; step < 16; step += 2) pluck(buses, { at: at(bar, step), midi: chord[arpPattern[(step / 2) % 4]!]! + (step >= 8 ? 12 : 0), hold: sixteenth * 2, velocity: humanize(0.45), pan: -0.2, reverb: 0.4 }, { harmonics: 10, decay: 1.1 });
          if (bar >= 4) for (const midi of chord) pad(buses, { at: at(bar, 0), midi, hold: barSeconds, velocity: 0.5, pan: 0.25, reverb: 0.45 }, { attack: 0.8, release: 1, cutoff: 1800 });
          for (let step = 0; step < 16; step += 4) bass(buses, { at: at(bar, step), midi: root, hold: sixteenth * 3.5, velocity: humanize(0.6), pan: 0, reverb: 0 }, { pluckiness: 0.4 });
          break;
        }
        case 'mysterious': {
          for (const midi of chord) pad(buses, { at: at(bar, 0), midi, hold: barSeconds, velocity: 0.6, pan: (midi - track.tonic) / 18, reverb: 0.6 }, { attack: 1.5, release: 2, cutoff: 900 });
          bass(buses, { at: at(bar, 0), midi: root, hold: barSeconds, velocity: 0.6, pan: 0, reverb: 0.1 }, { pluckiness: 0 });
          for (let step = 0; step < 16; step += 2) if (random() < 0.3) bell(buses, { at: at(bar, step), midi: chord[Math.floor(random() * chord.length)]! + 12, hold: sixteenth, velocity: humanize(0.5), pan: random() - 0.5, reverb: 0.7 });
          break;
        }
      }
    }
    switch (track.mood) {
      case 'upbeat':
        drums(buses, 0, { kicks: [0, 4, 8, 12], snares: [4, 12], hats: [2, 6, 10, 14], hatVelocity: 0.8, clap: true });
        melodyNotes([8, 16], (note) => pluck(buses, note, { harmonics: 5, decay: 0.4 }), 0.35, 2);
        break;
      case 'dramatic':
        drums(buses, 4, { kicks: [0, 6, 8], snares: [8], hats: [], hatVelocity: 0 });
        melodyNotes([8, 16], (note) => pad(buses, { ...note, velocity: note.velocity * 0.8 }, { attack: 0.15, release: 0.6, cutoff: 3000, vibrato: 0.004 }), 0.12, 6);
        break;
      case 'lofi':
        drums(buses, 0, { kicks: [0, 7, 10], snares: [4, 12], hats: [0, 2, 4, 6, 8, 10, 12, 14], hatVelocity: 0.6 });
        melodyNotes([8, 16], (note) => electricPiano(buses, { ...note, midi: note.midi + 12 }, { brightness: 0.5 }), 0.2, 3);
        break;
      case 'inspiring':
        drums(buses, 8, { kicks: [0, 8, 10], snares: [4, 12], hats: [2, 6, 10, 14], hatVelocity: 0.6, clap: true });
        melodyNotes([8, 16], (note) => pluck(buses, { ...note, midi: note.midi + 12 }, { harmonics: 6, decay: 0.8 }), 0.25, 3);
        break;
      case 'mysterious':
        drums(buses, 4, { kicks: [0, 10], snares: [], hats: [2, 6, 10, 14], hatVelocity: 0.35 });
        break;
      case 'calm':
        melodyNotes([8, 16], (note) => pluck(buses, { ...note, midi: note.midi + 12 }, { harmonics: 4, decay: 1.2 }), 0.15, 6);
        break;
    }
  };

  return { length, reverbSize: style.reverbSize, tone: style.tone, play };
}
