// Real media for upload tests, made with the ffmpeg the app ships (npm), plus a multipart body
// builder for app.inject. Small files: a second of sine tone, a 64x64 test pattern.
//
// Generated media for the media-layer tests and the render benchmark: stills drawn with
// @napi-rs/canvas, a "voice" of 1 kHz tone bursts at known word times, a low 110 Hz "music" bed
// (the two sit in different frequency bands, so a band-pass filter can measure each in the mix).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';
import type { WordTiming } from '../../contract';
import { runFfmpeg } from '../../server/media/ffmpeg';

export type FixtureName = 'mp3' | 'mp3-cover' | 'm4a' | 'aac' | 'wav' | 'ogg' | 'flac' | 'mp4' | 'mov' | 'webm' | 'png' | 'jpg' | 'webp';

const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5'];
const PATTERN = ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=1'];
const RECIPES: Record<FixtureName, string[]> = {
  mp3: [...TONE, '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  // Cover art: a picture stream marked attached_pic, as most music files carry.
  'mp3-cover': [...TONE, ...PATTERN, '-map', '0:a', '-map', '1:v', '-frames:v', '1', '-c:a', 'libmp3lame', '-c:v', 'mjpeg', '-disposition:v:0', 'attached_pic', '-id3v2_version', '3', '-f', 'mp3'],
  m4a: [...TONE, '-c:a', 'aac', '-f', 'ipod'],
  aac: [...TONE, '-c:a', 'aac', '-f', 'adts'],
  wav: [...TONE, '-f', 'wav'],
  ogg: [...TONE, '-c:a', 'libvorbis', '-f', 'ogg'],
  flac: [...TONE, '-f', 'flac'],
  mp4: [...PATTERN, ...TONE, '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4'],
  mov: [...PATTERN, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov'],
  webm: [...PATTERN, '-c:v', 'libvpx-vp9', '-f', 'webm'],
  png: [...PATTERN, '-frames:v', '1', '-f', 'image2', '-c:v', 'png'],
  jpg: [...PATTERN, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg'],
  webp: [...PATTERN, '-frames:v', '1', '-f', 'webp', '-c:v', 'libwebp'],
};

export interface Fixtures {
  bytes(name: FixtureName): Buffer;
  cleanup(): void;
}

/** Makes the named files once (ffmpeg, ~0.1 s each). */
export function makeFixtures(names: FixtureName[]): Fixtures {
  const dir = mkdtempSync(join(tmpdir(), 'reelflow-media-fixtures-'));
  const made = new Map<FixtureName, Buffer>();
  for (const name of names) {
    const path = join(dir, `fixture.${name}`);
    execFileSync(ffmpegInstaller.path, ['-v', 'error', '-nostdin', '-y', ...RECIPES[name], path]);
    made.set(name, readFileSync(path));
  }
  return {
    bytes(name) {
      const data = made.get(name);
      if (!data) throw new Error(`fixture ${name} was not made`);
      return data;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject (fields first, then files, as browsers send them). */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----reelflow${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under `dir` (relative paths), or [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  try {
    if (!statSync(dir).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

export const VOICE_HZ = 1000;
export const MUSIC_HZ = 110;

/** A still with gradients, shapes and text, so the encoder gets real detail to work on. */
export async function makeStill(path: string, width: number, height: number, seed: number): Promise<void> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${(seed * 67) % 360}, 70%, 35%)`);
  gradient.addColorStop(1, `hsl(${(seed * 67 + 120) % 360}, 70%, 60%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  for (let i = 0; i < 40; i += 1) {
    context.fillStyle = `hsla(${(seed * 31 + i * 23) % 360}, 80%, 60%, 0.5)`;
    context.beginPath();
    context.arc(((i * 97 + seed * 13) % 100) * width * 0.01, ((i * 53 + seed * 29) % 100) * height * 0.01, 20 + ((i * 7) % 9) * 18, 0, Math.PI * 2);
    context.fill();
  }
  context.fillStyle = '#fff';
  context.font = `bold ${Math.round(width / 10)}px sans-serif`;
  context.fillText(`Scene ${seed}`, width * 0.1, height * 0.3);
  await writeFile(path, await canvas.encode('png'));
}

/** Spoken intervals [start, end) → a WAV of tone bursts there and silence elsewhere. */
export async function makeVoice(path: string, spoken: Array<[number, number]>, duration: number): Promise<void> {
  const gate = spoken.map(([start, end]) => `between(t,${start},${end})`).join('+');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `sine=f=${VOICE_HZ}:d=${duration}:sample_rate=48000`, '-af', `volume='0.5*min(1,${gate})':eval=frame`, path]);
}

/** Word timings every `step` seconds inside the spoken intervals. */
export function wordsFor(spoken: Array<[number, number]>, step = 0.45): WordTiming[] {
  const words: WordTiming[] = [];
  for (const [start, end] of spoken) {
    for (let at = start; at + step * 0.8 <= end + 1e-9; at += step) words.push({ word: `word${words.length + 1}`, start: at, end: Math.min(end, at + step * 0.85) });
  }
  return words;
}

export async function makeMusic(path: string, seconds: number): Promise<void> {
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `sine=f=${MUSIC_HZ}:d=${seconds}:sample_rate=48000`, '-af', 'volume=0.8', '-c:a', 'libmp3lame', '-b:a', '128k', path]);
}

/** One frame of a video as 8-bit gray pixels (width × height bytes). */
export async function grayFrame(video: string, seconds: number, dir: string): Promise<Buffer> {
  const path = join(dir, `frame-${Math.random().toString(36).slice(2)}.gray`);
  await runFfmpeg(['-y', '-ss', seconds.toFixed(3), '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', path]);
  const pixels = await readFile(path);
  await rm(path, { force: true });
  return pixels;
}

/** Mean absolute difference of two gray frames within rows [fromRow, toRow). */
export function meanDifference(a: Buffer, b: Buffer, width: number, fromRow: number, toRow: number): number {
  let total = 0;
  for (let index = fromRow * width; index < toRow * width; index += 1) total += Math.abs(a[index]! - b[index]!);
  return total / ((toRow - fromRow) * width);
}
