// Offline speech to text with CMU pocketsphinx: the Debian packages `pocketsphinx` and
// `pocketsphinx-en-us` (US English model only). Its accuracy is far below Whisper's, so every
// result is a rough draft the creator reviews. Two command lines exist:
//   0.8 / 5prealpha (Debian 12, Ubuntu ≤ 24.04): `pocketsphinx_continuous -infile f.wav -time yes`
//     prints each utterance's text, then one line per word: "word start end probability";
//   5.x: `pocketsphinx single f.wav` prints one JSON line {b,d,t,w:[{t,b,d,p}]} (b/d = begin/duration).
// Both take 16 kHz mono 16-bit WAV, which the chunker writes with the server's ffmpeg.
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import type { WordTiming } from '../../../contract';
import { monotonic, round } from '../tts/words';
import { TranscriptionProviderError, type ChunkTranscript, type TranscriptionEngine } from './types';
import { spawnChild } from '../../media/processes';

export type PocketsphinxFlavor = 'continuous' | 'single';

export interface PocketsphinxBinary {
  path: string;
  flavor: PocketsphinxFlavor;
}

const STDERR_TAIL = 2000;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function flavorOf(path: string): PocketsphinxFlavor {
  return basename(path).includes('continuous') ? 'continuous' : 'single';
}

/**
 * The pocketsphinx program: POCKETSPHINX_PATH when set (it must exist), else the first of
 * pocketsphinx_continuous / pocketsphinx on PATH; null when neither is installed.
 */
export function findPocketsphinx(env: NodeJS.ProcessEnv = process.env): PocketsphinxBinary | null {
  const explicit = env.POCKETSPHINX_PATH?.trim();
  if (explicit) return executable(explicit) ? { path: explicit, flavor: flavorOf(explicit) } : null;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of ['pocketsphinx_continuous', 'pocketsphinx']) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (executable(path)) return { path, flavor: flavorOf(path) };
    }
  }
  return null;
}

/** Silence, sentence marks and noise models are not words; "hello(2)" is hello's 2nd pronunciation. */
function spokenWord(token: string): string | null {
  if (/^(<.*>|\[.*\]|\+\+.*\+\+|\(null\))$/i.test(token)) return null;
  const word = token.replace(/\(\d+\)$/, '');
  return /[\p{L}\p{N}]/u.test(word) ? word : null;
}

/** Words from pocketsphinx_continuous -time yes: lines "word start end probability" (seconds). */
export function parseContinuousOutput(stdout: string): WordTiming[] {
  const words: WordTiming[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(line.trim());
    if (!match) continue;
    const word = spokenWord(match[1]!);
    if (word) words.push({ word, start: round(Number(match[2])), end: round(Number(match[3])) });
  }
  return monotonic(words);
}

/** Words from pocketsphinx 5's JSON lines: {"b":…,"d":…,"t":…,"w":[{"t":…,"b":…,"d":…}]}. */
export function parseSingleOutput(stdout: string): WordTiming[] {
  const words: WordTiming[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    let utterance: unknown;
    try {
      utterance = JSON.parse(line);
    } catch {
      continue;
    }
    const segments = (utterance as { w?: unknown }).w;
    if (!Array.isArray(segments)) continue;
    for (const segment of segments as Array<{ t?: unknown; b?: unknown; d?: unknown }>) {
      if (typeof segment.t !== 'string' || typeof segment.b !== 'number' || typeof segment.d !== 'number') continue;
      const word = spokenWord(segment.t);
      if (word) words.push({ word, start: round(segment.b), end: round(segment.b + segment.d) });
    }
  }
  return monotonic(words);
}

export class PocketsphinxTranscription implements TranscriptionEngine {
  readonly id = 'pocketsphinx' as const;
  readonly label = 'pocketsphinx (offline, rough draft)';
  readonly roughDraft = true;
  readonly audioFormat = { extension: 'wav', ffmpegArgs: ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le'], bytesPerSecond: 32000 };
  readonly maxBytes = Number.POSITIVE_INFINITY;

  constructor(private readonly binary: PocketsphinxBinary) {}

  checkLanguage(language: string | null): void {
    if (language && language !== 'en') {
      throw new TranscriptionProviderError('The offline speech engine (pocketsphinx) only recognises English; configure a Whisper endpoint for other languages.', 'bad', 422);
    }
  }

  async transcribeChunk(path: string, _language: string | null, signal?: AbortSignal): Promise<ChunkTranscript> {
    const args = this.binary.flavor === 'continuous' ? ['-infile', path, '-time', 'yes', '-logfn', '/dev/null'] : ['single', path];
    const stdout = await this.run(args, signal);
    const words = this.binary.flavor === 'continuous' ? parseContinuousOutput(stdout) : parseSingleOutput(stdout);
    return { text: words.map((word) => word.word).join(' '), language: 'en', words };
  }

  private run(args: string[], signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted();
      const child = spawnChild(this.binary.path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_TAIL)));
      const abort = () => child.kill('SIGKILL');
      signal?.addEventListener('abort', abort, { once: true });
      child.on('error', (error) => {
        signal?.removeEventListener('abort', abort);
        reject(new TranscriptionProviderError(`The offline speech engine (pocketsphinx) could not be started: ${error.message}.`, 'retry'));
      });
      child.on('close', (code) => {
        signal?.removeEventListener('abort', abort);
        if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : new Error('Transcription was cancelled.'));
        else if (code === 0) resolve(stdout);
        else reject(new TranscriptionProviderError(`The offline speech engine (pocketsphinx) failed (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`.trim(), 'retry'));
      });
    });
  }
}
