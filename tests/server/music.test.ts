// The music library: real audio made with ffmpeg goes in through POST /api/upload-music,
// is checked by content, stored, listed, played through its signed URL, renamed and deleted —
// owner-scoped, idempotent, nothing partial left behind on any failure.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUSIC_UPLOAD_LIMIT_BYTES, type MusicTrack } from '../../contract/videos';
import { isUploadSizeFailure, serverLimitText } from '../../src/api/upload';
import {
  MAX_MUSIC_TRACKS_PER_USER,
  MUSIC_COUNT_LIMIT_REACHED,
  MUSIC_GONE_FOR_RENDER,
  MUSIC_SPACE_LIMIT_REACHED,
  musicTrackForRender,
} from '../../server/domain/media-library/music';
import { MissingMediaError } from '../../server/domain/media-library/paginate';
import { sweepStaleSpoolFiles, uploadSpoolDir } from '../../server/http/multipart';
import { mediaDirOf } from '../../server/media/storage';
import { as, bodyOf, createTestApp, errorsOf, uniqueEmail, type TestApp } from './helpers';
import { filesUnder, makeFixtures, multipart, type FilePart, type Fixtures } from './media-fixtures';

describe('music library', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = makeFixtures(['mp3', 'mp3-cover', 'm4a', 'aac', 'wav', 'ogg', 'flac', 'mp4']);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    fixtures.cleanup();
  });

  const upload = (token: string, fields: Record<string, string>, files: FilePart[], idempotencyKey?: string) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload-music',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, accept: 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  };
  const music = (data: Buffer, filename = 'song.mp3', field = 'music'): FilePart => ({ field, filename, contentType: 'audio/mpeg', data });
  const userFiles = (userId: number) => filesUnder(join(mediaDirOf(t.config), 'users', String(userId)));
  const spoolFiles = () => filesUnder(uploadSpoolDir(t.config.dataDir));

  it('stores an MP3 checked by content and serves it through its signed URL', async () => {
    const { token, user } = await t.client.register(uniqueEmail('dj'));
    const response = await upload(token, { title: 'Morning tone' }, [music(fixtures.bytes('mp3'))]);
    expect(response.statusCode).toBe(201);
    const track = response.json<MusicTrack>();
    expect(track).toMatchObject({ title: 'Morning tone', mime_type: 'audio/mpeg', size_bytes: fixtures.bytes('mp3').length });
    expect(track.duration).toBeGreaterThan(1.4);
    expect(track.duration).toBeLessThan(1.7);
    expect(track.audio_src).toMatch(/^\/media\/users\/\d+\/music\/[0-9a-f-]{36}\/[0-9a-f]+\.mp3\?exp=\d+&sig=/);
    const played = await t.app.inject({ method: 'GET', url: track.audio_src });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(fixtures.bytes('mp3'))).toBe(true);
    expect(userFiles(user.id)).toHaveLength(1);
    expect(spoolFiles()).toEqual([]);
  });

  it.each([
    ['mp3-cover', 'audio/mpeg'],
    ['m4a', 'audio/mp4'],
    ['aac', 'audio/aac'],
    ['wav', 'audio/wav'],
    ['ogg', 'audio/ogg'],
    ['flac', 'audio/flac'],
  ] as const)('accepts %s as %s, in the `file` field too, titled from the file name', async (name, mimeType) => {
    const { token } = await t.client.register(uniqueEmail('formats'));
    // The browser's type is ignored: the content decides.
    const response = await upload(token, {}, [{ field: 'file', filename: `Beach waves.${name.split('-')[0]}`, contentType: 'text/plain', data: fixtures.bytes(name) }]);
    expect(response.statusCode).toBe(201);
    expect(response.json<MusicTrack>()).toMatchObject({ title: 'Beach waves', mime_type: mimeType });
  });

  it('refuses junk, text, an empty file and a video with a 422 and keeps nothing', async () => {
    const { token, user } = await t.client.register(uniqueEmail('junk'));
    for (const data of [Buffer.from('not music at all, just words'), Buffer.alloc(0), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))]) {
      const refused = await upload(token, {}, [music(data)]);
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused).music?.[0]).toBe('The music must be an audio file (MP3, M4A, AAC, WAV, OGG or FLAC).');
    }
    const video = await upload(token, {}, [music(fixtures.bytes('mp4'), 'clip.mp3')]);
    expect(video.statusCode).toBe(422);
    expect(errorsOf(video).music?.[0]).toMatch(/^This file is a video\./);
    expect(userFiles(user.id)).toEqual([]);
    expect(spoolFiles()).toEqual([]);
    expect((await t.client.get('/api/music', as(token))).json<{ total: number }>().total).toBe(0);
  });

  it('answers 413 over the limit in the shape the client turns into "Server file size limit exceeded", keeping nothing', async () => {
    const { token, user } = await t.client.register(uniqueEmail('big'));
    const tooBig = Buffer.concat([fixtures.bytes('mp3'), Buffer.alloc(MUSIC_UPLOAD_LIMIT_BYTES)]);
    const refused = await upload(token, { title: 'huge' }, [music(tooBig)]);
    expect(refused.statusCode).toBe(413);
    const body = bodyOf(refused);
    expect(body.message).toBe('The music is too large. It must not be greater than 20480 kilobytes.');
    expect(body.max_file_size).toBe(MUSIC_UPLOAD_LIMIT_BYTES);
    expect(isUploadSizeFailure(refused.statusCode, body)).toBe(true);
    // Also by its words alone (a proxy that changes the status keeps the body).
    expect(isUploadSizeFailure(400, body)).toBe(true);
    expect(serverLimitText(body)).toBe('20.00 MB');
    expect(userFiles(user.id)).toEqual([]);
    expect(spoolFiles()).toEqual([]);
  });

  it('asks for the file and validates the fields', async () => {
    const { token } = await t.client.register(uniqueEmail('fields'));
    const none = await upload(token, { title: 'no file' }, []);
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none)).toEqual({ music: ['The music field is required.'] });
    const json = await t.client.post('/api/upload-music', { title: 'json' }, as(token));
    expect(json.statusCode).toBe(422);
    const badId = await upload(token, { id: 'nope' }, [music(fixtures.bytes('mp3'))]);
    expect(errorsOf(badId).id).toEqual(['The id field must be a valid UUID.']);
    const longTitle = await upload(token, { title: 'x'.repeat(201) }, [music(fixtures.bytes('mp3'))]);
    expect(longTitle.statusCode).toBe(422);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/upload-music',
      payload: `--x\r\nContent-Disposition: form-data; name="music"; filename="a.mp3"\r\n\r\n${'a'.repeat(1000)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The upload could not be read: the form data is malformed or incomplete.' });
    expect(spoolFiles()).toEqual([]);
    const body = multipart({}, [music(fixtures.bytes('mp3'))]);
    const badToken = await t.app.inject({ method: 'POST', url: '/api/upload-music', payload: body.payload, headers: { ...body.headers, authorization: `Bearer 1|${'x'.repeat(40)}` } });
    expect(badToken.statusCode).toBe(401);
  });

  it('applies an upload once per Idempotency-Key and once per client-chosen id', async () => {
    const { token, user } = await t.client.register(uniqueEmail('outbox'));
    const id = randomUUID();
    const first = await upload(token, { id, title: 'Once' }, [music(fixtures.bytes('mp3'))], 'upload-1');
    expect(first.statusCode).toBe(201);
    const replay = await upload(token, { id, title: 'Once' }, [music(fixtures.bytes('mp3'))], 'upload-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<MusicTrack>().id).toBe(id);
    const otherFile = await upload(token, { id, title: 'Once' }, [music(fixtures.bytes('wav'))], 'upload-1');
    expect(otherFile.statusCode).toBe(422);
    expect(errorsOf(otherFile).idempotency_key).toBeDefined();
    // The key expired (or was never sent): the same id is the earlier upload, not a second track.
    const again = await upload(token, { id, title: 'Once' }, [music(fixtures.bytes('mp3'))]);
    expect(again.statusCode).toBe(200);
    expect(again.json<MusicTrack>().id).toBe(id);
    expect((await t.client.get('/api/music', as(token))).json<{ total: number }>().total).toBe(1);
    expect(userFiles(user.id)).toHaveLength(1);
  });

  it('lists newest first with search and paging, renames and deletes (file included)', async () => {
    const { token, user } = await t.client.register(uniqueEmail('library'));
    const titles = ['Calm piano', 'Upbeat drums', 'Calm strings'];
    const ids: string[] = [];
    for (const title of titles) ids.push((await upload(token, { title }, [music(fixtures.bytes('mp3'))])).json<MusicTrack>().id);
    const list = (await t.client.get('/api/music?per_page=2', as(token))).json<{ data: MusicTrack[]; total: number; last_page: number; from: number; to: number }>();
    expect(list).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2 });
    expect(list.data.map((track) => track.title)).toEqual(['Calm strings', 'Upbeat drums']);
    const search = (await t.client.get('/api/music?search=calm', as(token))).json<{ data: MusicTrack[] }>();
    expect(search.data.map((track) => track.title)).toEqual(['Calm strings', 'Calm piano']);

    const renamed = await t.client.put(`/api/music/${ids[0]}`, { title: '  Soft piano ' }, as(token, 'rename-1'));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<MusicTrack>().title).toBe('Soft piano');
    expect((await t.client.get(`/api/music/${ids[0]}`, as(token))).json<MusicTrack>().title).toBe('Soft piano');
    expect((await t.client.put(`/api/music/${ids[0]}`, { title: '' }, as(token))).statusCode).toBe(422);

    const src = (await t.client.get(`/api/music/${ids[1]}`, as(token))).json<MusicTrack>().audio_src;
    const deleted = await t.client.delete(`/api/music/${ids[1]}`, as(token));
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
    expect((await t.client.get(`/api/music/${ids[1]}`, as(token))).statusCode).toBe(404);
    expect(userFiles(user.id)).toHaveLength(2);
    // Already gone: still deleted.
    expect((await t.client.delete(`/api/music/${ids[1]}`, as(token))).statusCode).toBe(200);
  });

  it("keeps each creator's tracks their own: another user gets 404 and cannot touch the file", async () => {
    const owner = await t.client.register(uniqueEmail('owner'));
    const other = await t.client.register(uniqueEmail('other'));
    const track = (await upload(owner.token, { title: 'Mine' }, [music(fixtures.bytes('mp3'))])).json<MusicTrack>();
    expect((await t.client.get(`/api/music/${track.id}`, as(other.token))).statusCode).toBe(404);
    expect((await t.client.put(`/api/music/${track.id}`, { title: 'Stolen' }, as(other.token))).statusCode).toBe(404);
    expect((await t.client.delete(`/api/music/${track.id}`, as(other.token))).statusCode).toBe(200);
    expect((await t.client.get('/api/music', as(other.token))).json<{ total: number }>().total).toBe(0);
    // The other user's "delete" touched nothing of the owner's.
    expect((await t.client.get(`/api/music/${track.id}`, as(owner.token))).json<MusicTrack>().title).toBe('Mine');
    expect((await t.app.inject({ method: 'GET', url: track.audio_src })).statusCode).toBe(200);
    expect(userFiles(owner.user.id)).toHaveLength(1);
    // Their id cannot be taken over by an upload either.
    const takeover = await upload(other.token, { id: track.id }, [music(fixtures.bytes('mp3'))]);
    expect(takeover.statusCode).toBe(422);
    expect(errorsOf(takeover).id).toEqual(['The id has already been taken.']);
    expect(userFiles(other.user.id)).toEqual([]);
    await expect(musicTrackForRender(t.database.db, other.user.id, track.id)).rejects.toThrow(new MissingMediaError(MUSIC_GONE_FOR_RENDER));
    const forRender = await musicTrackForRender(t.database.db, owner.user.id, track.id);
    expect(forRender).toMatchObject({ mimeType: 'audio/mpeg', title: 'Mine', duration: track.duration });
    expect(forRender.storageKey).toMatch(new RegExp(`^users/${owner.user.id}/music/${track.id}/`));
  });

  it('bounds each library: a clear 422 at the track count and at the total size', async () => {
    const { token, user } = await t.client.register(uniqueEmail('hoarder'));
    await t.database.db.execute(sql`
      insert into music_tracks (id, user_id, title, duration, size_bytes, mime_type, storage_key)
      select gen_random_uuid(), ${user.id}, 'old ' || n, 1, 1, 'audio/mpeg', 'users/0/none.mp3' from generate_series(1, ${MAX_MUSIC_TRACKS_PER_USER}) as n`);
    const full = await upload(token, {}, [music(fixtures.bytes('mp3'))]);
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full)).toEqual({ music: [MUSIC_COUNT_LIMIT_REACHED] });
    // Never mistaken for a size failure by the client.
    expect(isUploadSizeFailure(full.statusCode, bodyOf(full))).toBe(false);

    const spender = await t.client.register(uniqueEmail('spender'));
    await t.database.db.execute(sql`
      insert into music_tracks (id, user_id, title, duration, size_bytes, mime_type, storage_key)
      values (gen_random_uuid(), ${spender.user.id}, 'giant', 1, ${1024 * 1024 * 1024 - 100}, 'audio/mpeg', 'users/0/none.mp3')`);
    const noRoom = await upload(spender.token, {}, [music(fixtures.bytes('mp3'))]);
    expect(errorsOf(noRoom)).toEqual({ music: [MUSIC_SPACE_LIMIT_REACHED] });
    expect(userFiles(user.id)).toEqual([]);
    expect(userFiles(spender.user.id)).toEqual([]);
  });

  it('sweeps spool files a killed process left behind, but not uploads in progress', async () => {
    const dir = uploadSpoolDir(t.config.dataDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'old.upload'), 'left behind');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    utimesSync(join(dir, 'old.upload'), twoDaysAgo, twoDaysAgo);
    writeFileSync(join(dir, 'current.upload'), 'arriving');
    expect(await sweepStaleSpoolFiles(dir)).toBe(1);
    expect(spoolFiles()).toEqual(['current.upload']);
    expect(await sweepStaleSpoolFiles(join(dir, 'missing'))).toBe(0);
    rmSync(join(dir, 'current.upload'));
  });

  it('limits uploads per user (music and scene media share the budget) with a 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_UPLOAD: '2 per minute' });
    try {
      const { token } = await limited.client.register(uniqueEmail('spammer'));
      const send = (url: string, field: string) => {
        const body = multipart({}, [music(fixtures.bytes('mp3'), 'a.mp3', field)]);
        return limited.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      };
      expect((await send('/api/upload-music', 'music')).statusCode).toBe(201);
      expect((await send('/api/media', 'file')).statusCode).toBe(422);
      const refused = await send('/api/upload-music', 'music');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send('/api/media', 'file')).statusCode).toBe(429);
      // Another user has their own budget.
      const other = await limited.client.register(uniqueEmail('calm'));
      const body = multipart({}, [music(fixtures.bytes('mp3'))]);
      const theirs = await limited.app.inject({ method: 'POST', url: '/api/upload-music', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${other.token}` } });
      expect(theirs.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
