// Long recordings are cut into pieces an engine accepts (OpenAI: 25 MB a request) with ffmpeg's
// segment muxer, which also converts them to the engine's format and lists where each piece
// really starts and ends. Cuts are moved back into a pause near each piece's end when there is
// one (silencedetect), so a word is rarely cut in two. Each piece is transcribed alone;
// rejoinChunks puts the words back on the recording's own clock.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WordTiming } from '../../../contract';
import { runFfmpeg } from '../../media/ffmpeg';
import { round } from '../tts/words';

export interface AudioChunk {
  path: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
}

export interface TranscribedChunk {
  start: number;
  end: number;
  text: string;
  /** Seconds from the start of the chunk. */
  words: WordTiming[];
}

/**
 * Writes `input`'s first audio track as pieces cut at `cuts` (seconds; none = one piece) into
 * `dir`, encoded with `ffmpegArgs`, and returns them in order with their times (from the segment list).
 */
export async function splitAudio(
  input: string,
  dir: string,
  format: { extension: string; ffmpegArgs: string[] },
  cuts: readonly number[],
  signal?: AbortSignal,
): Promise<AudioChunk[]> {
  const list = join(dir, 'chunks.csv');
  const cutting = cuts.length > 0 ? ['-segment_times', cuts.map((cut) => cut.toFixed(3)).join(',')] : ['-segment_time', '1000000'];
  await runFfmpeg(
    [
      '-y', '-i', input, '-map', '0:a:0', '-vn', ...format.ffmpegArgs,
      '-f', 'segment', ...cutting, '-reset_timestamps', '1',
      '-segment_list', list, '-segment_list_type', 'csv',
      join(dir, `chunk%04d.${format.extension}`),
    ],
    { signal },
  );
  return parseSegmentList(await readFile(list, 'utf8'), dir);
}

export interface Silence {
  start: number;
  end: number;
}

/** Pauses of at least 0.3 s quieter than -35 dBFS in `input`'s first audio track (ffmpeg silencedetect). */
export async function findSilences(input: string, signal?: AbortSignal): Promise<Silence[]> {
  const stderr = await runFfmpeg(['-i', input, '-map', '0:a:0', '-af', 'silencedetect=noise=-35dB:d=0.3', '-f', 'null', '-'], { signal, keepStderr: true });
  return parseSilences(stderr);
}

/** silencedetect's log lines "silence_start: 5.8" … "silence_end: 7.2 | silence_duration: 1.4". */
export function parseSilences(log: string): Silence[] {
  const silences: Silence[] = [];
  let start: number | null = null;
  for (const match of log.matchAll(/silence_(start|end): (-?\d+(?:\.\d+)?)/g)) {
    const at = Math.max(0, Number(match[2]));
    if (match[1] === 'start') start = at;
    else if (start !== null) {
      silences.push({ start, end: at });
      start = null;
    }
  }
  return silences;
}

/**
 * Where to cut a recording of `duration` seconds into pieces of at most `chunkSeconds`: at each
 * piece's nominal end, or — when a pause lies in the last quarter of the piece (at most 30 s
 * before its end) — in the middle of the pause closest to that end.
 */
export function cutPoints(duration: number, chunkSeconds: number, silences: readonly Silence[]): number[] {
  const window = Math.min(30, chunkSeconds / 4);
  const cuts: number[] = [];
  let previous = 0;
  while (duration - previous > chunkSeconds) {
    const target = previous + chunkSeconds;
    let best: number | null = null;
    for (const silence of silences) {
      const middle = Math.min(target, Math.max(target - window, (silence.start + silence.end) / 2));
      const overlaps = silence.end > target - window && silence.start < target;
      if (overlaps && (best === null || Math.abs(target - middle) < Math.abs(target - best))) best = middle;
    }
    const cut = round(best ?? target);
    cuts.push(cut);
    previous = cut;
  }
  return cuts;
}

/** ffmpeg's csv segment list: "chunk0000.mp3,0.000000,600.012000" a line. */
export function parseSegmentList(csv: string, dir: string): AudioChunk[] {
  return csv
    .split('\n')
    .map((line) => line.trim().split(','))
    .filter((fields) => fields.length >= 3 && fields[0])
    .map((fields) => ({ path: join(dir, fields[0]!), start: Number(fields[1]), end: Number(fields[2]) }))
    .filter((chunk) => Number.isFinite(chunk.start) && Number.isFinite(chunk.end))
    .sort((a, b) => a.start - b.start);
}

/**
 * The chunks' words on one clock: each word is moved by its chunk's start and kept inside its
 * chunk and the recording ([0, duration]); words never go back in time or overlap. Texts are
 * joined with a space.
 */
export function rejoinChunks(chunks: readonly TranscribedChunk[], duration: number): { text: string; words: WordTiming[] } {
  const ordered = [...chunks].sort((a, b) => a.start - b.start);
  const words: WordTiming[] = [];
  for (const chunk of ordered) {
    const floor = Math.max(0, chunk.start);
    const ceiling = Math.max(floor, Math.min(chunk.end, duration));
    for (const word of chunk.words) {
      const start = Math.min(ceiling, Math.max(floor, chunk.start + word.start));
      const end = Math.min(ceiling, Math.max(start, chunk.start + word.end));
      words.push({ word: word.word, start: round(start), end: round(end) });
    }
  }
  const text = ordered
    .map((chunk) => chunk.text.trim())
    .filter(Boolean)
    .join(' ');
  return { text, words: sequential(words, duration) };
}

/** Each word starts no earlier than the previous one ended (engines report overlaps) and ends inside [0, duration]. */
export function sequential(words: readonly WordTiming[], duration: number): WordTiming[] {
  let floor = 0;
  return words.map((word) => {
    const start = round(Math.min(duration, Math.max(word.start, floor)));
    const end = round(Math.min(duration, Math.max(word.end, start)));
    floor = end;
    return { word: word.word, start, end };
  });
}
