// One contract, two backends: disk (DATA_DIR/media) and S3 (against s3rver on a free port).
// Whatever the pipeline and the routes rely on — atomic puts, content types, ranges, downloads,
// prefix deletes, key validation — must hold for both.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../server/media/storage/disk';
import { InvalidStorageKeyError, ObjectNotFoundError } from '../../server/media/storage/keys';
import { createS3Storage } from '../../server/media/storage/s3';
import type { MediaStorage } from '../../server/media/storage/types';
import type { MusicTrack } from '../../contract/videos';
import { uploadSpoolDir } from '../../server/http/multipart';
import { startLocalS3, type LocalS3 } from './fakes/s3rver';
import { as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { filesUnder, makeFixtures, multipart, type Fixtures } from './media-fixtures';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

interface Backend {
  name: string;
  setup(): Promise<{ storage: MediaStorage; teardown: () => Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'disk',
    setup() {
      const root = mkdtempSync(join(tmpdir(), 'reelflow-disk-media-'));
      return Promise.resolve({ storage: createDiskStorage(join(root, 'media')), teardown: () => Promise.resolve(rmSync(root, { recursive: true, force: true })) });
    },
  },
  {
    name: 's3 (s3rver)',
    async setup() {
      const s3: LocalS3 = await startLocalS3();
      return { storage: createS3Storage(s3.options), teardown: () => s3.close() };
    },
  },
];

describe.each(backends)('media storage contract: $name', (backend) => {
  let storage: MediaStorage;
  let teardown: () => Promise<void>;
  const scratch = mkdtempSync(join(tmpdir(), 'reelflow-storage-scratch-'));
  beforeAll(async () => {
    ({ storage, teardown } = await backend.setup());
  });
  afterAll(async () => {
    await teardown();
    rmSync(scratch, { recursive: true, force: true });
  });

  const localFile = (bytes: Buffer) => {
    const path = join(scratch, randomBytes(6).toString('hex'));
    writeFileSync(path, bytes);
    return path;
  };

  it('stores a buffer and reads back its bytes, size and content type', async () => {
    const data = Buffer.from('hello media');
    expect(await storage.putBuffer('users/1/test/a.bin', data, 'image/png')).toEqual({ size: data.length, contentType: 'image/png' });
    expect(await storage.stat('users/1/test/a.bin')).toEqual({ size: data.length, contentType: 'image/png' });
    expect(await bytesOf(await storage.read('users/1/test/a.bin'))).toEqual(data);
  });

  it('replaces an object whole', async () => {
    await storage.putBuffer('users/1/test/replace.txt', Buffer.from('first version'), 'text/plain');
    await storage.putBuffer('users/1/test/replace.txt', Buffer.from('v2'), 'text/plain');
    expect((await bytesOf(await storage.read('users/1/test/replace.txt'))).toString()).toBe('v2');
    expect((await storage.stat('users/1/test/replace.txt'))?.size).toBe(2);
  });

  it('reads inclusive byte ranges', async () => {
    const data = Buffer.from('0123456789abcdef');
    await storage.putBuffer('users/1/test/range.bin', data, 'application/octet-stream');
    expect((await bytesOf(await storage.read('users/1/test/range.bin', { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await bytesOf(await storage.read('users/1/test/range.bin', { start: 15, end: 15 }))).toString()).toBe('f');
  });

  it('stores a big local file (streamed; multipart on S3) and downloads it to a local path', async () => {
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const stored = await storage.putFile('users/2/videos/v1/video.mp4', localFile(data), 'video/mp4');
    expect(stored).toEqual({ size: data.length, contentType: 'video/mp4' });
    const target = join(scratch, 'downloaded', 'copy.mp4');
    expect(await storage.download('users/2/videos/v1/video.mp4', target)).toBe(target);
    expect(readFileSync(target).equals(data)).toBe(true);
    const tail = await bytesOf(await storage.read('users/2/videos/v1/video.mp4', { start: data.length - 10, end: data.length - 1 }));
    expect(tail.equals(data.subarray(data.length - 10))).toBe(true);
  });

  it('answers null / ObjectNotFoundError for a missing object', async () => {
    expect(await storage.stat('users/1/test/none.bin')).toBeNull();
    await expect(storage.read('users/1/test/none.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.download('users/1/test/none.bin', join(scratch, 'none'))).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(existsSync(join(scratch, 'none'))).toBe(false);
  });

  it('deletes every object under a prefix and nothing else', async () => {
    for (const key of ['users/3/videos/a/video.mp4', 'users/3/videos/a/thumb.jpg', 'users/3/videos/ab/video.mp4', 'users/3/videos/b/video.mp4']) {
      await storage.putBuffer(key, Buffer.from(key), 'application/octet-stream');
    }
    await storage.deletePrefix('users/3/videos/a/');
    expect(await storage.stat('users/3/videos/a/video.mp4')).toBeNull();
    expect(await storage.stat('users/3/videos/a/thumb.jpg')).toBeNull();
    expect(await storage.stat('users/3/videos/ab/video.mp4')).not.toBeNull();
    // A prefix that is not a folder is a string prefix, as on S3.
    await storage.deletePrefix('users/3/videos/a');
    expect(await storage.stat('users/3/videos/ab/video.mp4')).toBeNull();
    expect(await storage.stat('users/3/videos/b/video.mp4')).not.toBeNull();
    // Deleting what is not there is fine.
    await storage.deletePrefix('users/3/videos/none/');
  });

  it('deletes prefixes holding more than one page of objects', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `users/4/many/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.putBuffer(key, Buffer.from('x'), 'text/plain')));
    await storage.deletePrefix('users/4/many/');
    expect(await storage.stat(keys[0]!)).toBeNull();
    expect(await storage.stat(keys.at(-1)!)).toBeNull();
  }, 120_000);

  it.each(['../escape.txt', 'users/../../etc/passwd', '/absolute.txt', 'users//double.txt', 'users/1/', '.hidden', 'users/1/.tmp', 'with space.txt', 'ünïcode.txt', 'back\\slash.txt', '', 'a'.repeat(600)])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.putBuffer(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  it('refuses an empty or escaping prefix', async () => {
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.deletePrefix('/')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe('disk storage specifics', () => {
  it('leaves no temp files behind and keeps objects inside its folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'reelflow-disk-only-'));
    try {
      const storage = createDiskStorage(join(root, 'media'));
      await storage.putBuffer('users/9/a.txt', Buffer.from('a'), 'text/plain');
      const source = join(root, 'upload.tmp');
      writeFileSync(source, 'moved');
      await storage.putFile('users/9/b.txt', source, 'text/plain');
      expect(readdirSync(join(root, 'media', 'users', '9')).sort()).toEqual(['a.txt', 'b.txt']);
      expect(readdirSync(root).sort()).toEqual(['media']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the media routes on S3 storage', () => {
  let s3: LocalS3;
  let t: TestApp;
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = makeFixtures(['mp3']);
    s3 = await startLocalS3();
    t = await createTestApp({}, undefined, { storage: createS3Storage(s3.options) });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fixtures.cleanup();
  });

  it('uploads music into the bucket, plays it by range through the signed URL and deletes it', async () => {
    const { token } = await t.client.register(uniqueEmail('s3'));
    const body = multipart({ title: 'Bucket tune' }, [{ field: 'music', filename: 'tune.mp3', data: fixtures.bytes('mp3') }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload-music', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(uploaded.statusCode).toBe(201);
    const track = uploaded.json<MusicTrack>();
    const part = await t.app.inject({ method: 'GET', url: track.audio_src, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.rawPayload.equals(fixtures.bytes('mp3').subarray(0, 100))).toBe(true);
    // Nothing is spooled on local disk once the file is in the bucket.
    expect(filesUnder(uploadSpoolDir(t.config.dataDir))).toEqual([]);
    expect((await t.client.delete(`/api/music/${track.id}`, as(token))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: track.audio_src })).statusCode).toBe(404);
    expect(await createS3Storage(s3.options).stat(new URL(track.audio_src, 'http://x').pathname.slice('/media/'.length))).toBeNull();
  });
});
