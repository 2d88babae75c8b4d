// Downloads for the visual adapters: whole files only, checked by content, size-limited while
// streaming (a server may not announce the length), nothing left behind on failure.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadMedia, sniffMedia } from '../../server/providers/visuals/files';
import { listen, type RunningFake } from './fakes/visual-fakes-http';

const work = mkdtempSync(join(tmpdir(), 'reelflow-visual-files-'));
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF'), 0]);

describe('downloadMedia', () => {
  let cdn: RunningFake;
  beforeAll(async () => {
    cdn = await listen((req, res) => {
      // Chunked answers: no content-length, so only the streaming check can stop them.
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': req.url === '/page' ? 'text/html' : 'image/jpeg' });
      if (req.url === '/page') return res.end('<!doctype html><title>Sign in</title>');
      if (req.url === '/huge') {
        res.write(JPEG_HEAD);
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024));
        return res.end();
      }
      res.end(Buffer.concat([JPEG_HEAD, Buffer.alloc(512)]));
    });
  });
  afterAll(async () => {
    await cdn.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('names the file by its content', async () => {
    const { path, format } = await downloadMedia(`${cdn.origin}/photo`, join(work, 'ok', 'scene-0'), { maxBytes: 10_000, who: 'test' });
    expect(format).toBe('jpeg');
    expect(path).toBe(join(work, 'ok', 'scene-0.jpg'));
    expect(existsSync(path)).toBe(true);
  });

  it.each([
    ['/huge', 'bad', 'too large'],
    ['/page', 'bad', 'not an image or video'],
    ['/missing', 'bad', 'HTTP 404'],
  ])('refuses %s and leaves nothing behind', async (path, kind, message) => {
    const folder = join(work, path.slice(1));
    await expect(downloadMedia(`${cdn.origin}${path}`, join(folder, 'scene-0'), { maxBytes: 8_000, who: 'test' })).rejects.toMatchObject({ kind, message: expect.stringContaining(message) as string });
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('recognises the formats ffmpeg gets from the adapters', () => {
    expect(sniffMedia(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe('png');
    expect(sniffMedia(JPEG_HEAD)).toBe('jpeg');
    expect(sniffMedia(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffMedia(Buffer.from('\0\0\0\x18ftypmp42', 'latin1'))).toBe('mp4');
    expect(sniffMedia(Buffer.from('<html>'))).toBeNull();
  });
});
