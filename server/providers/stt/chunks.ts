// Long recordings are cut into pieces an engine accepts (OpenAI: 25 MB a request) with ffmpeg's
// segment muxer, which also converts them to the engine's format and lists where each piece
// really starts and ends. Each piece is transcribed alone; rejoinChunks puts the words back on
// the recording's own clock.
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
 * Writes `input`'s first audio track as pieces of at most `chunkSeconds` into `dir`, encoded
 * with `ffmpegArgs`, and returns them in order with their times (from the segment list).
 */
export async function splitAudio(
  input: string,
  dir: string,
  format: { extension: string; ffmpegArgs: string[] },
  chunkSeconds: number,
  signal?: AbortSignal,
): Promise<AudioChunk[]> {
  const list = join(dir, 'chunks.csv');
  await runFfmpeg(
    [
      '-y', '-i', input, '-map', '0:a:0', '-vn', ...format.ffmpegArgs,
      '-f', 'segment', '-segment_time', String(chunkSeconds), '-reset_timestamps', '1',
      '-segment_list', list, '-segment_list_type', 'csv',
      join(dir, `chunk%04d.${format.extension}`),
    ],
    { signal },
  );
  return parseSegmentList(await readFile(list, 'utf8'), dir);
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
