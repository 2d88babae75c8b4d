// Writing and checking media files for the visual adapters: whole files only (write to a
// temporary name, then rename), and the content checked before it reaches ffmpeg — an HTML
// error page saved as "scene.mp4" would otherwise fail much later with an unreadable message.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { VisualProviderError } from './types';

export type MediaFormat = 'png' | 'jpeg' | 'webp' | 'mp4' | 'webm' | 'mov';

/** The format of a file from its first bytes, or null when it is not an image or video we use. */
export function sniffMedia(head: Uint8Array): MediaFormat | null {
  const ascii = (from: number, to: number): string => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') return ascii(8, 10) === 'qt' ? 'mov' : 'mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  return null;
}

export const EXTENSIONS: Record<MediaFormat, string> = { png: '.png', jpeg: '.jpg', webp: '.webp', mp4: '.mp4', webm: '.webm', mov: '.mov' };

function temporaryPath(path: string): string {
  return `${path}.${randomUUID().slice(0, 8)}.part`;
}

/** Writes `bytes` to `path` atomically (readers never see half a file). */
export async function writeFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Streams a download to `${outputBase}.<ext>` (the extension from the content), at most
 * `maxBytes`. Returns the path and format. Failures leave no file behind.
 */
export async function downloadMedia(
  url: string,
  outputBase: string,
  options: { maxBytes: number; signal?: AbortSignal | undefined; headers?: Record<string, string>; who: string },
): Promise<{ path: string; format: MediaFormat }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: options.headers, signal: options.signal, redirect: 'follow' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new VisualProviderError(`The ${options.who} file could not be downloaded.`, 'retry');
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new VisualProviderError(`The ${options.who} file could not be downloaded (HTTP ${response.status}).`, response.status >= 500 ? 'retry' : 'bad', response.status);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > options.maxBytes) {
    await response.body.cancel();
    throw new VisualProviderError(`The ${options.who} file is too large (${Math.round(length / 1e6)} MB).`, 'bad');
  }
  await mkdir(dirname(outputBase), { recursive: true });
  const temporary = temporaryPath(outputBase);
  let head = new Uint8Array(0);
  let received = 0;
  try {
    const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (head.length < 16) head = new Uint8Array(Buffer.concat([head, chunk.subarray(0, 16)]).subarray(0, 16));
      if (received > options.maxBytes) source.destroy(new VisualProviderError(`The ${options.who} file is too large.`, 'bad'));
    });
    await pipeline(source, createWriteStream(temporary));
    const format = sniffMedia(head);
    if (!format) throw new VisualProviderError(`The ${options.who} answered with a file that is not an image or video.`, 'bad');
    const path = `${outputBase}${EXTENSIONS[format]}`;
    await rename(temporary, path);
    return { path, format };
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof VisualProviderError || options.signal?.aborted) throw error;
    throw new VisualProviderError(`The ${options.who} file download broke off.`, 'retry');
  }
}
