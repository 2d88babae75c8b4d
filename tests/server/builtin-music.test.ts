// Built-in music: the composer's tracks are non-silent, levelled, loop without a seam and are
// deterministic; every one carries its licence; "Auto" picks a mood that fits the script; the
// public list and preview routes; a video made with a built-in track or "auto" records it.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_LICENCES } from '../../contract/asset-licences';
import { BUILTIN_MUSIC, BUILTIN_MUSIC_LICENCE, BUILTIN_MUSIC_PREVIEW_SECONDS, builtinMusicDuration, MUSIC_MOODS } from '../../contract/builtin-music';
import type { AiVideo } from '../../contract/videos';
import { autoMusicTrack, scriptMood } from '../../server/domain/videos/music-mood';
import type { StoredMedia } from '../../server/domain/videos/pipeline/services';
import { measureLoudness, probe } from '../../server/media/ffmpeg';
import { createMediaStorage } from '../../server/media/storage';
import { builtinMusicKey, renderBuiltinTrack } from '../../server/media/music/builtin-store';
import { COMPOSER_VERSION, composeTrack, toS16le, type StereoPcm } from '../../server/media/music/compose-track';
import { MusicComposer } from '../../server/media/music/composer-pool';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { fakeRenderPieces } from './videos-fixtures';

const dbfs = (value: number) => 20 * Math.log10(value);

function stats({ left, right }: StereoPcm) {
  let sum = 0;
  let peak = 0;
  const jumps: number[] = [];
  for (let i = 0; i < left.length; i++) {
    sum += left[i]! ** 2 + right[i]! ** 2;
    peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
    if (i > 0) jumps.push(Math.abs(left[i]! - left[i - 1]!), Math.abs(right[i]! - right[i - 1]!));
  }
  jumps.sort((a, b) => a - b);
  const last = left.length - 1;
  return {
    rmsDb: dbfs(Math.sqrt(sum / (2 * left.length))),
    peak,
    /** The step from the loop's last sample to its first, as the mixer plays it on repeat. */
    seam: Math.max(Math.abs(left[0]! - left[last]!), Math.abs(right[0]! - right[last]!)),
    /** Nearly the largest step between neighbouring samples inside the loop. */
    p999: jumps[Math.floor(jumps.length * 0.999)]!,
  };
}

const hashOf = (pcm: StereoPcm) => createHash('sha256').update(Buffer.from(pcm.left.buffer)).update(Buffer.from(pcm.right.buffer)).digest('hex');

describe('the built-in composer', () => {
  const composer = new MusicComposer();
  afterAll(() => composer.close());

  it('ships a few dozen tracks in every mood, each 30–60 s, with unique ids and titles', () => {
    expect(BUILTIN_MUSIC.length).toBeGreaterThanOrEqual(30);
    expect(new Set(BUILTIN_MUSIC.map((track) => track.id)).size).toBe(BUILTIN_MUSIC.length);
    expect(new Set(BUILTIN_MUSIC.map((track) => track.title)).size).toBe(BUILTIN_MUSIC.length);
    for (const mood of MUSIC_MOODS) expect(BUILTIN_MUSIC.filter((track) => track.mood === mood).length).toBeGreaterThanOrEqual(5);
    for (const track of BUILTIN_MUSIC) {
      expect(builtinMusicDuration(track)).toBeGreaterThanOrEqual(30);
      expect(builtinMusicDuration(track)).toBeLessThanOrEqual(60);
    }
  });

  it('lists the built-in music among the shipped assets with its licence', () => {
    const entry = ASSET_LICENCES.find((asset) => asset.name === 'Reelflow built-in music');
    expect(entry?.licence).toMatch(/free to use/i);
    expect(entry?.usedFor).toContain(String(BUILTIN_MUSIC.length));
  });

  // One bar of every track (the full set takes about a minute of CPU;
  // the full-length render is checked on one track below). Levels come from the mastering, the seam from rendering in a circle.
  it('renders every track non-silent, levelled, below full scale, and looping without a click', () => {
    for (const track of BUILTIN_MUSIC) {
      const measured = stats(composeTrack(track, 1));
      expect(measured.rmsDb, track.title).toBeGreaterThan(-19);
      expect(measured.rmsDb, track.title).toBeLessThan(-17);
      expect(measured.peak, track.title).toBeLessThanOrEqual(0.892);
      expect(measured.seam, track.title).toBeLessThanOrEqual(measured.p999);
    }
  }, 120_000);

  it('renders the same samples for the same track every time', () => {
    const track = BUILTIN_MUSIC[7]!;
    expect(hashOf(composeTrack(track, 2))).toBe(hashOf(composeTrack(track, 2)));
    expect(hashOf(composeTrack(BUILTIN_MUSIC[8]!, 2))).not.toBe(hashOf(composeTrack(track, 2)));
  });

  // Stored renders are keyed by COMPOSER_VERSION: these bytes are what version 1 sounds like. A
  // change to the composer that alters them must bump the version (and these hashes).
  it('composes the sound its COMPOSER_VERSION names, for a track of every mood', () => {
    const recorded: Record<number, string> = {
      0: 'c87d545dee894d0e0168c37d5d4ab2f4b94e2c64fa62d9c376748eff0be60b8f',
      5: 'bc90d11961b8247f0b0363b305e8f82bcc1768f20298e179ad1b6fa4e813967b',
      10: 'c197a27e88fd23ed7c66e39c23ea4baad02c64861dee594bc1660083dbf313ad',
      15: '616d691a35e37504895b7b9549094e2345f0b5cf31bddcd950d6bb96c7e65200',
      20: '76b0d8134b0183c766895797faa130ac21b311e322f0744dca1ef9b9d055aa11',
      25: 'b0eae9c17ed96877dce625d60727a61ce89e523515e2f520c4274709a54181ba',
    };
    expect(COMPOSER_VERSION).toBe(1);
    for (const [index, hash] of Object.entries(recorded)) {
      expect(createHash('sha256').update(toS16le(composeTrack(BUILTIN_MUSIC[Number(index)]!, 1))).digest('hex'), BUILTIN_MUSIC[Number(index)]!.title).toBe(hash);
    }
  });

  it('encodes a full track to a lossless loop and a 15 s preview, byte for byte the same on a second render', async () => {
    const track = BUILTIN_MUSIC.reduce((fastest, entry) => (entry.bpm > fastest.bpm ? entry : fastest));
    const [first, second] = [await mkdtemp(join(tmpdir(), 'music-a-')), await mkdtemp(join(tmpdir(), 'music-b-'))];
    try {
      const a = await renderBuiltinTrack(composer, track, first);
      const loop = await probe(a.loop);
      expect(loop.audioCodec).toBe('flac');
      expect(loop.duration).toBeCloseTo(builtinMusicDuration(track), 1);
      const preview = await probe(a.preview);
      expect(preview.audioCodec).toBe('aac');
      expect(preview.duration).toBeGreaterThan(BUILTIN_MUSIC_PREVIEW_SECONDS - 0.5);
      expect(preview.duration).toBeLessThan(BUILTIN_MUSIC_PREVIEW_SECONDS + 0.5);
      const lufs = await measureLoudness(a.loop, { seconds: builtinMusicDuration(track) });
      expect(lufs).toBeGreaterThan(-20);
      expect(lufs).toBeLessThan(-12);
      const b = await renderBuiltinTrack(composer, track, second);
      expect(await readFile(b.loop)).toEqual(await readFile(a.loop));
      expect(await readFile(b.preview)).toEqual(await readFile(a.preview));
    } finally {
      await Promise.all([rm(first, { recursive: true, force: true }), rm(second, { recursive: true, force: true })]);
    }
  }, 120_000);
});

describe('"Auto" music', () => {
  it.each([
    ['Take a deep breath. Relax your shoulders and let the quiet of the forest calm you.', 'calm'],
    ['Three easy kitchen hacks that are so fun! Your friends will love this party trick!', 'upbeat'],
    ['The empire fell in a single night. The army betrayed the king, and the battle turned to disaster.', 'dramatic'],
    ['My late night study routine: coffee, notes, and two hours of deep focus on my coding homework.', 'lofi'],
    ['You can achieve any goal. Believe in your dream, build better habits and never give up on the journey.', 'inspiring'],
    ['Nobody knows why the ship vanished. The secret of this unsolved mystery is still hidden in the dark.', 'mysterious'],
    ['The quarterly figures are attached.', 'inspiring'],
  ] as const)('hears %j as %s', (script, mood) => {
    expect(scriptMood(script)).toBe(mood);
    expect(autoMusicTrack(script).mood).toBe(mood);
  });

  it('picks the same track for the same script, and spreads scripts over the mood’s tracks', () => {
    const script = 'Relax and breathe slowly.';
    expect(autoMusicTrack(script).id).toBe(autoMusicTrack(`  ${script} `).id);
    const picked = new Set(Array.from({ length: 40 }, (_, i) => autoMusicTrack(`Relax and breathe slowly, day ${i}.`).id));
    expect(picked.size).toBeGreaterThan(2);
  });
});

describe('built-in music API', () => {
  let t: TestApp;
  const pieces = fakeRenderPieces();
  const rendered: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MUSIC_PREVIEW: '3 per minute', RATE_LIMIT_VIDEOS: '1000 per minute' }, undefined, {
      renderOverrides: {
        ...pieces.overrides,
        // The real renderer is exercised by the preview route below; videos only need its key.
        builtinMusic: async (track): Promise<StoredMedia> => {
          rendered.push(track.id);
          const key = builtinMusicKey(track, 'loop');
          await createMediaStorage(t.config).putBuffer(key, Buffer.from('loop'), 'audio/flac');
          return { key, kind: 'audio' };
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every built-in track publicly with mood, tempo, length, licence and preview', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/builtin-music' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Array<Record<string, unknown>> }>();
    expect(data).toHaveLength(BUILTIN_MUSIC.length);
    expect(data[0]).toMatchObject({ id: BUILTIN_MUSIC[0]!.id, mood: 'calm', bpm: BUILTIN_MUSIC[0]!.bpm, licence: BUILTIN_MUSIC_LICENCE, preview_src: `/api/builtin-music/${BUILTIN_MUSIC[0]!.id}/preview` });
  });

  it('renders a preview on first use, redirects to its signed URL, and refuses bad ids and floods', async () => {
    const track = BUILTIN_MUSIC[20]!;
    const response = await t.app.inject({ method: 'GET', url: `/api/builtin-music/${track.id}/preview` });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = String(response.headers.location);
    expect(location).toMatch(new RegExp(`^/media/builtin/music/v\\d+/${track.id}/preview\\.m4a\\?exp=\\d+&sig=`));
    const audio = await t.app.inject({ method: 'GET', url: location });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.rawPayload.length).toBeGreaterThan(50_000);

    const bad = await t.app.inject({ method: 'GET', url: '/api/builtin-music/not-a-uuid/preview' });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).id).toEqual(['The music track id must be a valid UUID.']);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/builtin-music/00000000-0000-4000-8000-000000000000/preview' });
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('This music track no longer exists.');
    const flooded = await t.app.inject({ method: 'GET', url: `/api/builtin-music/${track.id}/preview` });
    expect(flooded.statusCode).toBe(429);
  }, 60_000);

  const createVideo = (token: string, body: Record<string, unknown>) => t.client.request('POST', '/api/ai-videos', body, as(token));
  const finished = async (token: string, id: string): Promise<AiVideo> => {
    await t.jobs.drain();
    return (await t.client.request('GET', `/api/ai-videos/${id}`, undefined, as(token))).json<AiVideo>();
  };

  it('makes a video with a built-in track, and records which one', async () => {
    const { token } = await t.client.register(uniqueEmail('builtin-music'));
    const track = BUILTIN_MUSIC[3]!;
    const created = await createVideo(token, { script: 'A short story about the sea.', music: { track_id: track.id, volume: 0.3 } });
    expect(created.statusCode).toBe(202);
    const video = await finished(token, created.json<AiVideo>().id);
    expect(video.status).toBe('completed');
    expect(video.music).toEqual({ track_id: track.id, title: track.title, mood: track.mood, auto: false });
    expect(pieces.composer.lastInput?.music?.volume).toBe(0.3);
    expect(rendered).toContain(track.id);
  });

  it('makes a video with "auto" music whose mood fits the script', async () => {
    const { token } = await t.client.register(uniqueEmail('auto-music'));
    const script = 'Nobody knows why the ship vanished. The secret of this unsolved mystery is still hidden.';
    const created = await createVideo(token, { script, music: { track_id: 'auto' } });
    expect(created.statusCode).toBe(202);
    const video = await finished(token, created.json<AiVideo>().id);
    expect(video.status).toBe('completed');
    expect(video.music).toMatchObject({ track_id: autoMusicTrack(script).id, mood: 'mysterious', auto: true });
    expect(video.settings.music?.track_id).toBe('auto');
  });

  it('refuses a music choice that is neither a track id nor "auto"', async () => {
    const { token } = await t.client.register(uniqueEmail('bad-music'));
    const response = await createVideo(token, { script: 'Hello there.', music: { track_id: 'surprise me' } });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)['music.track_id']).toEqual(['The music track id must be a valid UUID or "auto".']);
  });
});
