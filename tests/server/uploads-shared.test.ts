// Resumable uploads across API processes: two app instances (each its own data folder, as on two
// machines) on one database and one S3 bucket (s3rver). An upload created and half sent on A is
// found, checked for its owner, finished on B and becomes a transcription there; the purge removes
// an expired one (aborting its S3 multipart upload) once, however many processes run it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, ListPartsCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { purgeUploadsJob } from '../../server/jobs/purge-uploads';
import { createS3Client } from '../../server/media/storage/s3';
import { startLocalS3, type LocalS3 } from './fakes/s3rver';
import { ApiClient, buildTestServices, createTestDatabase, startTestApp, uniqueEmail, usingPostgres, type TestDatabase } from './helpers';
import { makeFixtures, type Fixtures } from './media-fixtures';

interface Instance {
  app: FastifyInstance;
  config: Config;
  base: string;
}

describe('resumable uploads on two API processes sharing a database and a bucket', () => {
  let s3: LocalS3;
  let testDb: TestDatabase;
  const databases: Database[] = [];
  let a: Instance;
  let b: Instance;
  let otherRoot: string;
  let fixtures: Fixtures;
  let video: Buffer;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };

  async function start(config: Config, database: Database): Promise<Instance> {
    const app = await startTestApp(await buildTestServices(config, database));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    return { app, config, base: `http://127.0.0.1:${address.port}` };
  }

  beforeAll(async () => {
    fixtures = makeFixtures(['mp4']);
    video = fixtures.bytes('mp4');
    s3 = await startLocalS3();
    const { options } = s3;
    testDb = await createTestDatabase({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: options.endpoint,
      S3_REGION: options.region,
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      // A speech engine must be configured for transcriptions to be taken; this one is never reached (process_now=0).
      STT_PROVIDER: 'openai',
      STT_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    // Postgres: each instance has its own connections, as two processes would; PGlite has one owner.
    databases.push(await testDb.open());
    databases.push(usingPostgres ? await testDb.open() : databases[0]!);
    // B runs from a data folder of its own: nothing of A's disk is B's.
    otherRoot = mkdtempSync(join(tmpdir(), 'reelflow-second-'));
    const configB: Config = { ...testDb.config, dataDir: otherRoot, uploads: { ...testDb.config.uploads, directory: join(otherRoot, 'uploads') } };
    a = await start(testDb.config, databases[0]!);
    b = await start(configB, databases[1]!);
    const client = new ApiClient(a.app);
    const registeredA = await client.register(uniqueEmail('shared-alice'));
    const registeredB = await client.register(uniqueEmail('shared-bob'));
    alice = { token: registeredA.token, id: registeredA.user.id };
    bob = { token: registeredB.token, id: registeredB.user.id };
  }, 120_000);

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    for (const database of new Set(databases)) await database.close();
    await testDb?.cleanup();
    await s3?.close();
    rmSync(otherRoot, { recursive: true, force: true });
    fixtures?.cleanup();
  });

  const tus = (token: string) => ({ 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` });
  const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  async function create(on: Instance, token: string, filename: string): Promise<string> {
    const response = await fetch(`${on.base}/api/uploads`, {
      method: 'POST',
      headers: { ...tus(token), 'Upload-Length': String(video.length), 'Upload-Metadata': `filename ${Buffer.from(filename).toString('base64')}` },
    });
    expect(response.status).toBe(201);
    return idOf(response.headers.get('location')!);
  }

  const patch = (on: Instance, token: string, id: string, offset: number, bytes: Buffer) =>
    fetch(`${on.base}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...tus(token), 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });

  const head = (on: Instance, token: string, path: string) => fetch(`${on.base}${path}`, { method: 'HEAD', headers: tus(token) });

  it('creates and half-sends an upload on A, resumes and finishes it on B, and B makes a transcription of it', async () => {
    const id = await create(a, alice.token, 'Shared clip.mp4');
    const half = Math.floor(video.length / 2);
    expect((await patch(a, alice.token, id, 0, video.subarray(0, half))).status).toBe(204);

    const resumed = await head(b, alice.token, `/api/uploads/${id}`);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(half));

    // B checks the owner on the id it acts on, and only on the canonical URL.
    expect((await head(b, bob.token, `/api/uploads/${id}`)).status).toBe(404);
    expect((await patch(b, bob.token, id, half, video.subarray(half))).status).toBe(404);
    expect((await fetch(`${b.base}/api/uploads/${id}`, { method: 'DELETE', headers: tus(bob.token) })).status).toBe(404);
    expect((await head(b, bob.token, `/api/uploads/u${bob.id}_${'0'.repeat(32)}?/${id}`)).status).toBe(404);
    expect((await head(b, alice.token, `/api/uploads/${id}`)).headers.get('upload-offset')).toBe(String(half));

    const finished = await patch(b, alice.token, id, half, video.subarray(half));
    expect(finished.status).toBe(204);
    expect(finished.headers.get('upload-offset')).toBe(String(video.length));
    expect((await head(a, alice.token, `/api/uploads/${id}`)).headers.get('upload-offset')).toBe(String(video.length));

    // Another user cannot use it on either process; its owner can on B.
    const clientB = new ApiClient(b.app);
    const stolen = await clientB.post('/api/transcriptions', { upload_id: id }, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(stolen.statusCode).toBe(422);
    const created = await clientB.post('/api/transcriptions', { upload_id: id, process_now: 0, render_video: 0 }, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json<{ transcription: { title: string; status: string } }>().transcription).toMatchObject({ title: 'Shared clip', status: 'queued' });
    // Released once the transcription holds its copy: gone for both processes.
    expect((await head(a, alice.token, `/api/uploads/${id}`)).status).toBe(404);
    expect((await head(b, alice.token, `/api/uploads/${id}`)).status).toBe(404);
  });

  it('purges an expired partial upload once, from whichever process runs the job, and aborts its S3 multipart upload', async () => {
    const id = await create(a, alice.token, 'abandoned.mp4');
    expect((await patch(a, alice.token, id, 0, video.subarray(0, 1000))).status).toBe(204);
    const client = createS3Client(s3.options);
    const info = await client.send(new GetObjectCommand({ Bucket: s3.options.bucket, Key: `uploads/${id}.info` }));
    const multipartId = info.Metadata?.['upload-id'];
    expect(multipartId).toBeTruthy();

    // Not expired yet: kept.
    expect(await purgeUploadsJob(b.config.uploads, undefined, Date.now())).toBe(0);
    expect((await head(a, alice.token, `/api/uploads/${id}`)).status).toBe(200);

    // Expired: both processes run the purge at once; the upload goes, counted once.
    const later = Date.now() + testDb.config.uploads.expiryMs + 60_000;
    const counts = await Promise.all([purgeUploadsJob(a.config.uploads, undefined, later), purgeUploadsJob(b.config.uploads, undefined, later)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect((await head(a, alice.token, `/api/uploads/${id}`)).status).toBe(404);
    const left = await client.send(new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: `uploads/${id}` }));
    expect(left.Contents ?? []).toEqual([]);
    await expect(client.send(new ListPartsCommand({ Bucket: s3.options.bucket, Key: `uploads/${id}`, UploadId: multipartId! }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });
});
