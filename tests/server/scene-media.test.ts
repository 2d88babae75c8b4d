// The creator's own images and clips per scene (POST /api/media): checked by content (images
// decoded whole, clips probed), size limits per kind, owner scoping, and the pipeline's lookup.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneMedia } from '../../contract/videos';
import { isUploadSizeFailure } from '../../src/api/upload';
import { MissingMediaError } from '../../server/domain/media-library/paginate';
import { SCENE_IMAGE_LIMIT_BYTES, sceneMediaForRender } from '../../server/domain/media-library/scene-media';
import { uploadSpoolDir } from '../../server/http/multipart';
import { mediaDirOf } from '../../server/media/storage';
import { as, bodyOf, createTestApp, errorsOf, uniqueEmail, type TestApp } from './helpers';
import { filesUnder, makeFixtures, multipart, type FixtureName, type Fixtures } from './media-fixtures';

const REFUSED = 'The file must be a PNG, JPEG or WebP image, or an MP4, MOV or WebM clip.';

describe('scene media', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = makeFixtures(['png', 'jpg', 'webp', 'mp4', 'mov', 'webm', 'mp3']);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fixtures.cleanup();
  });

  const upload = (token: string, data: Buffer, fields: Record<string, string> = {}, field = 'file', idempotencyKey?: string) => {
    const body = multipart(fields, [{ field, filename: 'upload.bin', data }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, accept: 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  };
  const userFiles = (userId: number) => filesUnder(join(mediaDirOf(t.config), 'users', String(userId)));

  it.each([
    ['png', 'image', 'image/png'],
    ['jpg', 'image', 'image/jpeg'],
    ['webp', 'image', 'image/webp'],
    ['mp4', 'video', 'video/mp4'],
    ['mov', 'video', 'video/quicktime'],
    ['webm', 'video', 'video/webm'],
  ] as const)('accepts a %s as %s (%s) with its size and serves it', async (name: FixtureName, kind, mimeType) => {
    const { token } = await t.client.register(uniqueEmail('scenes'));
    const response = await upload(token, fixtures.bytes(name));
    expect(response.statusCode).toBe(201);
    const item = response.json<SceneMedia>();
    expect(item).toMatchObject({ kind, mime_type: mimeType, width: 64, height: 48, size_bytes: fixtures.bytes(name).length });
    if (kind === 'video') expect(item.duration).toBeGreaterThan(0.5);
    else expect(item.duration).toBeNull();
    const served = await t.app.inject({ method: 'GET', url: item.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mimeType);
  });

  it('refuses audio, text, and damaged images with a 422, keeping nothing', async () => {
    const { token, user } = await t.client.register(uniqueEmail('damaged'));
    for (const data of [fixtures.bytes('mp3'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.alloc(0)]) {
      const refused = await upload(token, data);
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused).file).toEqual([REFUSED]);
    }
    const png = fixtures.bytes('png');
    const truncated = await upload(token, png.subarray(0, Math.floor(png.length / 2)));
    expect(truncated.statusCode).toBe(422);
    expect(errorsOf(truncated).file?.[0]).toMatch(/damaged or incomplete|must be a PNG/);
    expect(userFiles(user.id)).toEqual([]);
    expect(filesUnder(uploadSpoolDir(t.config.dataDir))).toEqual([]);
  });

  it('answers 413 for an image over its own limit (clips may be larger), keeping nothing', async () => {
    const { token, user } = await t.client.register(uniqueEmail('bigimage'));
    const huge = Buffer.concat([fixtures.bytes('png'), Buffer.alloc(SCENE_IMAGE_LIMIT_BYTES)]);
    const refused = await upload(token, huge);
    expect(refused.statusCode).toBe(413);
    expect(bodyOf(refused)).toMatchObject({ message: 'The image is too large. It must not be greater than 20480 kilobytes.', max_file_size: SCENE_IMAGE_LIMIT_BYTES });
    expect(isUploadSizeFailure(413, bodyOf(refused))).toBe(true);
    expect(userFiles(user.id)).toEqual([]);
    expect(filesUnder(uploadSpoolDir(t.config.dataDir))).toEqual([]);
  });

  it('lists, filters by kind, replays idempotent uploads, deletes with the file, and scopes to the owner', async () => {
    const owner = await t.client.register(uniqueEmail('owner'));
    const other = await t.client.register(uniqueEmail('other'));
    const imageId = randomUUID();
    const image = (await upload(owner.token, fixtures.bytes('png'), { id: imageId }, 'file', 'media-1')).json<SceneMedia>();
    expect(image.id).toBe(imageId);
    const replay = await upload(owner.token, fixtures.bytes('png'), { id: imageId }, 'file', 'media-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const clip = (await upload(owner.token, fixtures.bytes('mp4'), {}, 'media')).json<SceneMedia>();

    const list = (await t.client.get('/api/media', as(owner.token))).json<{ data: SceneMedia[]; total: number }>();
    expect(list.total).toBe(2);
    expect(list.data.map((item) => item.id)).toEqual([clip.id, image.id]);
    const clips = (await t.client.get('/api/media?kind=video', as(owner.token))).json<{ data: SceneMedia[] }>();
    expect(clips.data.map((item) => item.id)).toEqual([clip.id]);
    expect((await t.client.get('/api/media?kind=gif', as(owner.token))).statusCode).toBe(422);

    expect((await t.client.get(`/api/media/${image.id}`, as(other.token))).statusCode).toBe(404);
    expect((await t.client.get('/api/media', as(other.token))).json<{ total: number }>().total).toBe(0);
    expect((await t.client.delete(`/api/media/${image.id}`, as(other.token))).statusCode).toBe(200);
    expect((await t.client.get(`/api/media/${image.id}`, as(owner.token))).statusCode).toBe(200);
    await expect(sceneMediaForRender(t.database.db, other.user.id, [image.id])).rejects.toBeInstanceOf(MissingMediaError);

    const forRender = await sceneMediaForRender(t.database.db, owner.user.id, [null, clip.id, image.id, clip.id]);
    expect(forRender.map((item) => item?.kind ?? null)).toEqual([null, 'video', 'image', 'video']);
    expect(forRender[2]).toMatchObject({ id: image.id, mimeType: 'image/png', width: 64, height: 48 });
    expect(forRender[2]!.storageKey).toMatch(new RegExp(`^users/${owner.user.id}/media/${image.id}/`));

    expect(userFiles(owner.user.id)).toHaveLength(2);
    expect((await t.client.delete(`/api/media/${image.id}`, as(owner.token))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image.src })).statusCode).toBe(404);
    expect(userFiles(owner.user.id)).toHaveLength(1);
    await expect(sceneMediaForRender(t.database.db, owner.user.id, [clip.id, image.id])).rejects.toThrow(/One of the images or clips chosen for this video was deleted/);
  });
});
