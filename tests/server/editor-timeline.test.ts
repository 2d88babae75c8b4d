// The editor's timeline calls: the timeline derived from a finished render (old videos included),
// GET and PUT /api/ai-videos/{id}/timeline (revision as ETag, If-Match, 412/428, replays,
// Idempotency-Key, assets only of this video or the owner's uploads, owner scoping, unfinished
// videos), the price of the next render, and posts keeping the version they were made from.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordTiming } from '../../contract/captions';
import type { Post } from '../../contract/publishing';
import {
  DEFAULT_TIMELINE_TAIL,
  TIMELINE_LIMITS,
  timelineCaptionWords,
  timelineDocument,
  timelineDuration,
  timelineEtag,
  type Timeline,
  type TimelineConflict,
  type TimelineResponse,
} from '../../contract/timeline';
import type { AiVideo, AiVideoSettings } from '../../contract/videos';
import { posts, sceneMedia } from '../../server/db/schema';
import { aiVideos, aiVideoVersions, type AiVideoRow } from '../../server/db/schema-videos';
import { deriveTimeline, type DerivableVideo } from '../../server/domain/editor/derive-timeline';
import { revoiceSeconds, timelinePrice } from '../../server/domain/editor/price';
import { BUILTIN_VISUALS_LABEL } from '../../contract/videos';
import { ASSET_NOT_FOUND, ASSET_WRONG_KIND } from '../../server/domain/editor/timeline-assets';
import { MUSIC_NOT_YOURS, timelineOfRow, TOO_MANY_SCENES, VIDEO_FAILED_NOT_EDITABLE, VIDEO_STILL_BEING_MADE } from '../../server/domain/editor/timeline-store';
import { runTarget, type PublishEngineDeps } from '../../server/domain/publishing/engine';
import type { PlannedScene, RenderedScene, VideoCheckpoint } from '../../server/domain/videos/checkpoint';
import { sceneSpans } from '../../server/domain/videos/pipeline/timing';
import { videoPrefix } from '../../server/domain/videos/videos';
import { IF_MATCH_INVALID, IF_MATCH_REQUIRED } from '../../server/http/routes/editor';
import { MUSIC_FADE_SECONDS } from '../../server/media/filtergraph';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, FakeAccountTokens, RecordingScheduler, ScriptedAdapter, seedAccount, seedVideo, VIDEO_BYTES } from './publishing-fixtures';
import { fakeRenderPieces } from './videos-fixtures';

const FRAME = 1 / 30;
const SECONDS_PER_WORD = 0.3;
const BUILTIN_TRACK = '704c5936-52d5-4097-af9e-ccc4e496951f';
const HEADLINE = { text: 'THREE HEARTS', style: 'cinematic', font: 'Anton', x: 0.5, y: 0.3, align: 'center', size: 0.08, tracking: 0.01, width: 0.6, ink: '#ffffff', accent: '#ff3366' } as const;

interface FixtureOptions {
  texts: string[];
  sources?: string[];
  music?: VideoCheckpoint['music'];
  headlineAt?: number;
  motionAt?: number;
  settings?: Partial<AiVideoSettings>;
  /** Strip the fields older videos lack (keywords, word counts, the music's track id). */
  old?: boolean;
}

/** A completed video's row as the pipeline leaves it: the voice's words at a fixed pace, scenes split by sceneSpans. */
function fixtureVideo(options: FixtureOptions): DerivableVideo & { renderedSeconds: number } {
  const id = randomUUID();
  const userId = 7;
  const prefix = videoPrefix(userId, id);
  const words: WordTiming[] = options.texts
    .join(' ')
    .split(/\s+/)
    .map((word, index) => ({ word, start: index * SECONDS_PER_WORD, end: (index + 0.8) * SECONDS_PER_WORD }));
  const duration = words.length * SECONDS_PER_WORD;
  const planned: PlannedScene[] = options.texts.map((text) => ({ text, prompt: `${text} (cinematic style)`, keywords: text.split(' ').slice(0, 2), wordCount: text.split(' ').length }));
  const visuals: RenderedScene[] = sceneSpans(planned, words, duration).map((span, index) => {
    const source = options.sources?.[index] ?? 'builtin';
    return {
      key: `${prefix}work/scene-${index}.${source === 'pexels' ? 'mp4' : 'png'}`,
      kind: source === 'pexels' ? 'video' : 'image',
      start: span.start,
      duration: span.duration,
      source,
      attribution: source === 'openverse' ? 'Photo by Someone, CC BY 4.0' : null,
      ...(options.motionAt === index ? { motion: { pan: 'left', zoom: 'in', amount: 0.08 } as const } : {}),
      ...(options.headlineAt === index ? { headline: HEADLINE } : {}),
    };
  });
  const checkpoint: VideoCheckpoint = {
    script: { text: options.texts.join('\n\n'), title: 'Octopus', writer: 'saved script' },
    scenes: options.old ? planned.map(({ text, prompt }) => ({ text, prompt }) as PlannedScene) : planned,
    voice: { key: `${prefix}work/voice.wav`, format: 'wav', duration, words, provider: 'builtin', voiceId: 'flite-slt' },
    visuals,
    visualsDone: true,
    music: options.music === undefined ? null : options.music,
    captions: { key: `${prefix}work/captions.ass` },
    render: { videoKey: `${prefix}video.mp4`, thumbnailKey: `${prefix}thumbnail.jpg`, duration: duration + DEFAULT_TIMELINE_TAIL, width: 1080, height: 1920, sizeBytes: 100 },
  };
  const settings = { language: 'english', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false, script: options.texts.join('\n\n'), ...options.settings } as AiVideoSettings;
  return { id, userId, settings, checkpoint, renderedSeconds: duration + DEFAULT_TIMELINE_TAIL };
}

const ONE = ['Octopuses have three hearts and blue blood.'];
const MANY = ['Octopuses have three hearts.', 'Two pump blood to the gills, one to the body.', 'Their blood is blue because it carries copper.', 'Follow for more ocean facts.'];

describe('deriving the timeline of a finished video', () => {
  const derive = (options: FixtureOptions) => {
    const video = fixtureVideo(options);
    const timeline = deriveTimeline(video);
    // What the contract accepts, unchanged (the derivation fills every field itself).
    expect(timelineDocument.parse(timeline)).toEqual(timeline);
    expect(Math.abs(timelineDuration(timeline) - video.renderedSeconds)).toBeLessThanOrEqual(FRAME);
    return { video, timeline };
  };

  it('one scene: the whole voice file, every word, the tail apart', () => {
    const { video, timeline } = derive({ texts: ONE });
    expect(timeline.scenes).toHaveLength(1);
    const [scene] = timeline.scenes;
    expect(scene!.id).toBe('s1');
    expect(scene!.text).toBe(ONE[0]);
    expect(scene!.recording).toMatchObject({ asset: 'v/work/voice.wav', from: 0, to: video.checkpoint.voice!.duration, text: ONE[0], voice: null });
    expect(scene!.captions.map((word) => word.word)).toEqual(ONE[0]!.split(' '));
    expect(scene!.duration).toBeCloseTo(video.checkpoint.voice!.duration, 6);
    expect(timeline).toMatchObject({ model: 1, aspect_ratio: '9:16', language: 'english', art_style: 'cinematic', voice: null, music: null, watermark: false, tail: DEFAULT_TIMELINE_TAIL });
    expect(timeline.captions).toMatchObject({ preset: 'bold-pop' });
  });

  it('many scenes: stable ids, each scene its span of the voice, captions on their spoken words', () => {
    const { video, timeline } = derive({ texts: MANY, motionAt: 0 });
    expect(timeline.scenes.map((scene) => scene.id)).toEqual(['s1', 's2', 's3', 's4']);
    expect(timeline.scenes.map((scene) => scene.text)).toEqual(MANY);
    timeline.scenes.forEach((scene, index) => {
      expect(scene.captions.map((word) => word.word).join(' ')).toBe(MANY[index]);
      expect(scene.recording!.words).toEqual(scene.captions);
      expect(scene.visual).toMatchObject({ source: 'generated', asset: `v/work/scene-${index}.png`, kind: 'image', trim_start: 0, attribution: null });
    });
    // The captions on the video's clock are the voice's own timings.
    expect(timelineCaptionWords(timeline).map((word) => [word.word, word.start])).toEqual(video.checkpoint.voice!.words.map((word) => [word.word, expect.closeTo(word.start, 6) as unknown]));
    expect(timeline.scenes[0]!.visual.motion).toEqual({ pan: 'left', zoom: 'in', amount: 0.08 });
    // A still without a hint gets the default pan of its place, written out.
    expect(timeline.scenes[1]!.visual.motion).toEqual({ pan: 'left', zoom: 'none', amount: 0.08 });
    expect(timeline.scenes[0]!.visual.prompt).toBe(`${MANY[0]} (cinematic style)`);
  });

  it('music, stock, uploads, headlines, the chosen voice and caption style', () => {
    const { timeline } = derive({
      texts: MANY,
      sources: ['upload', 'pexels', 'openverse', 'builtin'],
      headlineAt: 3,
      music: { key: 'builtin-music/x.wav', volume: 0.3, trackId: BUILTIN_TRACK, title: 'Morning Haze', mood: 'calm', auto: true },
      settings: { voice: { provider: 'builtin', voice_id: 'flite-rms', speed: 1.2 }, caption_settings: { preset: 'neon' }, aspect_ratio: '1:1', watermark: true },
    });
    expect(timeline.scenes.map((scene) => scene.visual.source)).toEqual(['upload', 'stock', 'stock', 'generated']);
    expect(timeline.scenes[1]!.visual).toMatchObject({ kind: 'video', asset: 'v/work/scene-1.mp4', prompt: 'Two pump' });
    expect(timeline.scenes[2]!.visual.attribution).toBe('Photo by Someone, CC BY 4.0');
    expect(timeline.scenes[3]!.visual.headline).toEqual(HEADLINE);
    expect(timeline.scenes[0]!.visual.headline).toBeUndefined();
    expect(timeline.music).toEqual({ track_id: BUILTIN_TRACK, title: 'Morning Haze', volume: 0.3, ducking: true, fade_in: 0, fade_out: MUSIC_FADE_SECONDS });
    expect(timeline.voice).toEqual({ provider: 'builtin', voice_id: 'flite-rms', speed: 1.2 });
    expect(timeline.scenes.every((scene) => scene.recording!.voice === timeline.voice)).toBe(true);
    expect(timeline).toMatchObject({ aspect_ratio: '1:1', watermark: true, captions: { preset: 'neon' } });
  });

  it('an old video without keywords, word counts or the music track in its checkpoint still derives', () => {
    const { timeline } = derive({
      texts: MANY,
      old: true,
      sources: ['pexels'],
      music: { key: 'users/7/music/track.mp3', volume: 0.2 },
      settings: { music: { track_id: BUILTIN_TRACK, volume: 0.2 } },
    });
    expect(timeline.scenes).toHaveLength(4);
    expect(timeline.scenes.map((scene) => scene.captions.length)).toEqual(MANY.map((text) => text.split(' ').length));
    // No keywords kept: a stock scene's search falls back to the planned prompt.
    expect(timeline.scenes[0]!.visual.prompt).toBe(`${MANY[0]} (cinematic style)`);
    expect(timeline.music).toMatchObject({ track_id: BUILTIN_TRACK, volume: 0.2 });
    // "Auto" music of a video from before the track was recorded cannot be named: left out.
    const auto = derive({ texts: ONE, music: { key: 'x.wav', volume: 0.2 }, settings: { music: { track_id: 'auto', volume: 0.2 } } });
    expect(auto.timeline.music).toBeNull();
  });

  it('a video whose render left no voice or pictures cannot be derived: a 409 problem', () => {
    const video = fixtureVideo({ texts: ONE });
    expect(() => deriveTimeline({ ...video, checkpoint: { ...video.checkpoint, voice: undefined } })).toThrow(/made before videos could be edited/);
  });

  it('a long video cut into more scenes than a timeline holds is refused by name, not as a bug', () => {
    const long = fixtureVideo({ texts: Array.from({ length: TIMELINE_LIMITS.scenes + 1 }, (_, index) => `Fact number ${index + 1} about the deep sea.`) });
    const row = { ...long, timeline: null } as unknown as AiVideoRow;
    expect(() => timelineOfRow(row)).toThrow(TOO_MANY_SCENES);
    const fits = fixtureVideo({ texts: MANY });
    expect(timelineOfRow({ ...fits, timeline: null } as unknown as AiVideoRow)).toMatchObject({ saved: false, timeline: { scenes: { length: 4 } } });
  });
});

describe('the price of the next render', () => {
  const base = (): Timeline => deriveTimeline(fixtureVideo({ texts: MANY }));

  it('nothing made again is free: reordered, trimmed, re-captioned and re-mixed scenes cost 0 but count as a change', () => {
    const rendered = base();
    expect(timelinePrice(rendered, 0.5, rendered)).toEqual({ credits: 0, revoice: [], visuals: [], changed: false });
    const edited = base();
    edited.scenes.reverse();
    edited.scenes[0]!.duration += 1;
    edited.scenes[1]!.captions[0]!.word = 'Octopi';
    edited.music = { track_id: BUILTIN_TRACK, volume: 0.1, ducking: true, fade_in: 0, fade_out: 2 };
    expect(timelinePrice(edited, 0.5, rendered)).toEqual({ credits: 0, revoice: [], visuals: [], changed: true });
    // Whitespace does not change what the voice says.
    const spaced = base();
    spaced.scenes[0]!.text = `  ${MANY[0]!.replace(' ', '   ')} `;
    expect(timelinePrice(spaced, 0.5, rendered).revoice).toEqual([]);
  });

  it('a rewritten line re-voices that scene alone, at the voice’s pace; a picture to make pays its seconds', () => {
    const rendered = base();
    const edited = base();
    edited.scenes[1]!.text = 'Two of the three hearts pump blood through the gills while the third one feeds the organs.';
    const seconds = revoiceSeconds(edited.scenes[1]!.text, edited);
    expect(timelinePrice(edited, 0.5, rendered)).toEqual({ credits: Math.ceil(seconds * 0.5), revoice: [{ scene_id: 's2', seconds }], visuals: [], changed: true });
    edited.scenes[3]!.visual = { ...edited.scenes[3]!.visual, asset: null, prompt: 'a coral reef at dawn' };
    const drawn = edited.scenes[3]!.duration;
    const price = timelinePrice(edited, 0.4, rendered);
    expect(price.visuals).toEqual(['s4']);
    expect(price.credits).toBe(Math.ceil((seconds + drawn) * 0.4));
  });

  it('a new voice re-voices every scene; a new scene without a recording is voiced', () => {
    const edited = base();
    edited.voice = { provider: 'builtin', voice_id: 'flite-rms', speed: 1 };
    expect(timelinePrice(edited, 1, base()).revoice.map((scene) => scene.scene_id)).toEqual(['s1', 's2', 's3', 's4']);
    const added = base();
    added.scenes.push({ ...added.scenes[0]!, id: 'new-1', text: 'One more fact about squid.', recording: null, captions: [] });
    expect(timelinePrice(added, 1, base()).revoice).toEqual([{ scene_id: 'new-1', seconds: revoiceSeconds('One more fact about squid.', added) }]);
  });
});

const SCRIPT = 'Octopuses have three hearts.\n\nTwo pump blood to the gills, one to the body.\n\nTheir blood is blue because it carries copper.';

describe('GET and PUT /api/ai-videos/{id}/timeline', () => {
  let t: TestApp;
  let owner: { token: string; id: number };
  let videoId: string;
  const pieces = fakeRenderPieces();

  const register = async (label: string) => {
    const registered = await t.client.register(uniqueEmail(label));
    return { token: registered.token, id: registered.user.id };
  };
  const url = (id = videoId) => `/api/ai-videos/${id}/timeline`;
  const get = (token = owner.token, id = videoId) => t.client.get(url(id), as(token));
  const put = (timeline: unknown, ifMatch: string | null, options: { token?: string; key?: string; id?: string } = {}) =>
    t.client.put(url(options.id), { timeline }, { token: options.token ?? owner.token, headers: { ...(ifMatch === null ? {} : { 'if-match': ifMatch }), ...(options.key ? { 'idempotency-key': options.key } : {}) } });
  const current = async () => (await get()).json<TimelineResponse>();
  const makeVideo = async (token: string) => {
    const created = await t.client.post('/api/ai-videos', { script: SCRIPT }, as(token));
    expect(created.statusCode, created.body).toBe(202);
    await t.jobs.drain();
    return created.json<AiVideo>().id;
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VIDEOS: '1000 per minute' }, undefined, { renderOverrides: pieces.overrides });
    owner = await register('editor');
    videoId = await makeVideo(owner.token);
  });
  afterAll(async () => t.close());

  it('answers the derived timeline of a finished video at revision 1, with signed assets, v1 and a zero price', async () => {
    const response = await get();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(timelineEtag(1));
    const body = response.json<TimelineResponse>();
    expect(timelineDocument.parse(body.timeline)).toEqual(body.timeline);
    expect(body).toMatchObject({ video_id: videoId, revision: 1, price: { credits: 0, revoice: [], visuals: [], changed: false } });
    // No picture service is configured in the tests: new pictures come from the built-in art, and the editor says so.
    expect(body.picture_service).toBe(BUILTIN_VISUALS_LABEL);
    expect(body.timeline.scenes.map((scene) => scene.text)).toEqual(SCRIPT.split('\n\n'));
    const [row] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, videoId));
    expect(Math.abs(timelineDuration(body.timeline) - row!.duration!)).toBeLessThanOrEqual(FRAME);
    // Every named file has a signed URL of its kind, under the video's folder.
    const prefix = videoPrefix(owner.id, videoId);
    expect(body.assets['v/work/voice.wav']).toEqual({ kind: 'audio', src: expect.stringMatching(new RegExp(`^/media/${prefix}work/voice\\.wav\\?exp=\\d+&sig=`)) as unknown });
    expect(body.assets['v/work/scene-0.png']!.kind).toBe('image');
    expect((await t.app.inject({ method: 'GET', url: body.assets['v/work/voice.wav']!.src })).statusCode).toBe(200);
    // v1 is the video as first made, playable.
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({ version: 1, status: 'completed', progress: 100, revision: null, duration: row!.duration });
    expect(body.versions[0]!.video_src).toContain(`${prefix}video.mp4`);
    // The ETag names the revision only: a conditional GET is still answered in full.
    expect((await t.client.get(url(), { token: owner.token, headers: { 'if-none-match': timelineEtag(1) } })).statusCode).toBe(200);
  });

  it('saves an edit over the revision it names, answers the next revision, and prices what changed', async () => {
    const before = await current();
    const edited = structuredClone(before.timeline);
    edited.scenes[1]!.text = 'Two of them pump blood to the gills, and the third to the body.';
    edited.scenes.reverse();
    const response = await put(edited, timelineEtag(before.revision));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(timelineEtag(before.revision + 1));
    const saved = response.json<TimelineResponse>();
    expect(saved.revision).toBe(before.revision + 1);
    expect(saved.timeline).toEqual(edited);
    expect(saved.price).toMatchObject({ revoice: [{ scene_id: 's2' }], visuals: [], changed: true });
    expect(saved.price.credits).toBeGreaterThan(0);
    expect(await current()).toMatchObject({ revision: saved.revision, timeline: edited });
    const [row] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, videoId));
    expect(row!.timelineRevision).toBe(saved.revision);
    expect(row!.timelineUpdatedAt).not.toBeNull();
  });

  it('If-Match: missing is a 428, malformed a 400, stale a 412 with what the server holds; a replay of the saved body is a 200', async () => {
    const held = await current();
    const edited = structuredClone(held.timeline);
    edited.scenes[0]!.captions[0]!.word = 'Fixed';

    const missing = await put(edited, null);
    expect(missing.statusCode).toBe(428);
    expect(messageOf(missing)).toBe(IF_MATCH_REQUIRED);
    const malformed = await put(edited, 'revision-2');
    expect(malformed.statusCode).toBe(400);
    expect(messageOf(malformed)).toBe(IF_MATCH_INVALID);

    const stale = await put(edited, timelineEtag(held.revision - 1));
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(timelineEtag(held.revision));
    const conflict = stale.json<TimelineConflict>();
    expect(conflict.message).toMatch(/changed elsewhere/);
    expect(conflict.current).toMatchObject({ video_id: videoId, revision: held.revision, timeline: held.timeline });
    expect((await current()).revision).toBe(held.revision);

    // The outbox sends the saved body again over the revision it was made from: same answer, nothing written.
    const replay = await put(held.timeline, timelineEtag(held.revision - 1));
    expect(replay.statusCode).toBe(200);
    expect(replay.json<TimelineResponse>().revision).toBe(held.revision);
    const same = await put(held.timeline, timelineEtag(held.revision));
    expect(same.json<TimelineResponse>().revision).toBe(held.revision);
    expect((await current()).revision).toBe(held.revision);
  });

  it('two devices saving over the same revision at once: one wins, the other gets the 412 with the winner’s timeline', async () => {
    const held = await current();
    const edits = ['Phone', 'Laptop'].map((word) => {
      const edited = structuredClone(held.timeline);
      edited.scenes[0]!.captions[0]!.word = word;
      return edited;
    });
    const answers = await Promise.all(edits.map((edited) => put(edited, timelineEtag(held.revision))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const won = answers.find((answer) => answer.statusCode === 200)!.json<TimelineResponse>();
    const lost = answers.find((answer) => answer.statusCode === 412)!.json<TimelineConflict>();
    expect(won.revision).toBe(held.revision + 1);
    expect(lost.current).toMatchObject({ revision: won.revision, timeline: won.timeline });
    expect(await current()).toMatchObject({ revision: won.revision, timeline: won.timeline });
  });

  it('honours Idempotency-Key: the second send is a replay, applied once', async () => {
    const held = await current();
    const edited = structuredClone(held.timeline);
    edited.scenes[0]!.captions[0]!.word = 'Keyed';
    const key = randomUUID();
    const first = await put(edited, timelineEtag(held.revision), { key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(edited, timelineEtag(held.revision), { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.etag).toBe(timelineEtag(held.revision + 1));
    expect((await current()).revision).toBe(held.revision + 1);
  });

  it('refuses files that are not this video’s or the owner’s uploads, and files of the wrong kind, with the field path', async () => {
    const stranger = await register('asset-stranger');
    const theirs = randomUUID();
    const mine = randomUUID();
    const media = (id: string, userId: number) => ({ id, userId, kind: 'image' as const, mimeType: 'image/png', sizeBytes: 10, storageKey: `users/${userId}/media/${id}/picture.png` });
    await t.database.db.insert(sceneMedia).values([media(theirs, stranger.id), media(mine, owner.id)]);
    const held = await current();
    const withVisual = (asset: string) => {
      const edited = structuredClone(held.timeline);
      edited.scenes[2]!.visual = { ...edited.scenes[2]!.visual, source: 'upload', asset, kind: 'image' };
      return edited;
    };
    const field = 'timeline.scenes.2.visual.asset';
    for (const asset of [`m/${theirs}`, `m/${randomUUID()}`, 'v/work/not-there.png']) {
      const refused = await put(withVisual(asset), timelineEtag(held.revision));
      expect(refused.statusCode, asset).toBe(422);
      expect(errorsOf(refused), asset).toEqual({ [field]: [ASSET_NOT_FOUND] });
    }
    const notAnImage = await put(withVisual('v/work/voice.wav'), timelineEtag(held.revision));
    expect(errorsOf(notAnImage)).toEqual({ [field]: [ASSET_WRONG_KIND.image] });
    const pictureAsVoice = structuredClone(held.timeline);
    pictureAsVoice.scenes[0]!.recording = { ...pictureAsVoice.scenes[0]!.recording!, asset: 'v/work/scene-0.png' };
    expect(errorsOf(await put(pictureAsVoice, timelineEtag(held.revision)))).toEqual({ 'timeline.scenes.0.recording.asset': [ASSET_WRONG_KIND.audio] });
    const strangersTrack = structuredClone(held.timeline);
    strangersTrack.music = { track_id: randomUUID(), volume: 0.2, ducking: true, fade_in: 0, fade_out: 2 };
    expect(errorsOf(await put(strangersTrack, timelineEtag(held.revision)))).toEqual({ 'timeline.music.track_id': [MUSIC_NOT_YOURS] });
    expect((await current()).revision).toBe(held.revision);

    // The owner's own upload is taken, and signed in the answer.
    const accepted = await put(withVisual(`m/${mine}`), timelineEtag(held.revision));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<TimelineResponse>().assets[`m/${mine}`]).toEqual({ kind: 'image', src: expect.stringContaining(`/media/users/${owner.id}/media/${mine}/picture.png?`) as unknown });
  });

  it('refuses a body that is not a timeline with 422, never a 500', async () => {
    const held = await current();
    const invalid = structuredClone(held.timeline) as unknown as { scenes: Array<{ id: string; duration: number }> };
    invalid.scenes[1]!.id = invalid.scenes[0]!.id;
    const duplicated = await put(invalid, timelineEtag(held.revision));
    expect(duplicated.statusCode).toBe(422);
    expect(errorsOf(duplicated)).toEqual({ 'timeline.scenes.1.id': ['Two scenes have the same id.'] });
    expect((await put('not a timeline', timelineEtag(held.revision))).statusCode).toBe(422);
    expect((await t.client.put(url(), undefined, { token: owner.token, headers: { 'if-match': timelineEtag(held.revision) } })).statusCode).toBe(422);
  });

  it('keeps every video to its owner: another creator gets the video routes’ 404', async () => {
    const stranger = await register('timeline-stranger');
    const held = await current();
    const show = await t.client.get(`/api/ai-videos/${videoId}`, as(stranger.token));
    expect(show.statusCode).toBe(404);
    const read = await get(stranger.token);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual(show.json());
    const write = await put(held.timeline, timelineEtag(held.revision), { token: stranger.token });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual(show.json());
    expect((await t.client.get(url(randomUUID()), as(owner.token))).statusCode).toBe(404);
    expect((await t.client.get(url())).statusCode).toBe(401);
  });

  it('refuses a video that is not finished with a 409 saying why', async () => {
    const other = await makeVideo(owner.token);
    const timeline = (await get(owner.token, other)).json<TimelineResponse>().timeline;
    for (const [status, message] of [
      ['queued', VIDEO_STILL_BEING_MADE],
      ['processing', VIDEO_STILL_BEING_MADE],
      ['failed', VIDEO_FAILED_NOT_EDITABLE],
    ] as const) {
      await t.database.db.update(aiVideos).set({ status }).where(eq(aiVideos.id, other));
      const read = await get(owner.token, other);
      expect(read.statusCode, status).toBe(409);
      expect(messageOf(read)).toBe(message);
      const write = await put(timeline, timelineEtag(1), { id: other });
      expect(write.statusCode, status).toBe(409);
    }
  });

  it('lists rendered versions from their rows and measures "changed" against the newest one', async () => {
    const other = await makeVideo(owner.token);
    const held = (await get(owner.token, other)).json<TimelineResponse>();
    const [row] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, other));
    const v2Timeline = structuredClone(held.timeline);
    v2Timeline.scenes.reverse();
    const version = (n: number, timeline: Timeline | null) => ({
      id: randomUUID(),
      videoId: other,
      userId: owner.id,
      version: n,
      status: 'completed' as const,
      progress: 100,
      revision: n === 1 ? null : 2,
      timeline,
      videoKey: n === 1 ? row!.videoKey : `${videoPrefix(owner.id, other)}versions/2/video.mp4`,
      thumbnailKey: row!.thumbnailKey,
      duration: row!.duration,
    });
    await t.database.db.insert(aiVideoVersions).values([version(1, held.timeline), version(2, v2Timeline)]);
    await t.database.db.update(aiVideos).set({ currentVersion: 2 }).where(eq(aiVideos.id, other));
    const body = (await get(owner.token, other)).json<TimelineResponse>();
    expect(body.versions.map((v) => [v.version, v.revision])).toEqual([
      [1, null],
      [2, 2],
    ]);
    expect(body.versions[1]!.video_src).toContain('versions/2/video.mp4');
    // The derived timeline is not what v2 rendered: changed; saving v2's timeline makes it unchanged.
    expect(body.price.changed).toBe(true);
    const saved = await put(v2Timeline, timelineEtag(body.revision), { id: other });
    expect(saved.json<TimelineResponse>().price).toEqual({ credits: 0, revoice: [], visuals: [], changed: false });
  });
});

describe('posts keep the version they were made from', () => {
  let t: TestApp;
  const scheduler = new RecordingScheduler();
  const tokens = new FakeAccountTokens(() => t.database.db);

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { publishScheduler: scheduler, accountTokens: tokens });
  });
  afterAll(async () => t.close());

  it('a post made at v1 publishes v1’s file after v2 became current; a post made then publishes v2', async () => {
    const registered = await t.client.register(uniqueEmail('versions'));
    const userId = registered.user.id;
    await allowPublishing(t.database.db, userId);
    const storage = t.services.publishEngine.storage;
    const { id: videoId, videoKey } = await seedVideo(t.database.db, storage, userId);
    const accountId = await seedAccount(t.database.db, userId);
    const post = async () => {
      const response = await t.client.post('/api/create/post', { video_id: videoId, account_ids: [accountId], caption: 'Three hearts' }, as(registered.token));
      expect(response.statusCode, response.body).toBe(202);
      return response.json<Post>();
    };
    const atV1 = await post();
    expect((await t.database.db.select({ version: posts.videoVersion }).from(posts).where(eq(posts.id, atV1.id)))[0]!.version).toBe(1);

    // A render of an edit: v1 kept as its own row, v2 made, the video row pointing at v2.
    const v2Bytes = Buffer.from('the second version of the video, edited');
    const v2Key = `${videoPrefix(userId, videoId)}versions/2/video.mp4`;
    await storage.putBuffer(v2Key, v2Bytes, 'video/mp4');
    const facts = { duration: 12.5, width: 1080, height: 1920 };
    await t.database.db.insert(aiVideoVersions).values([
      { id: randomUUID(), videoId, userId, version: 1, status: 'completed', videoKey, ...facts, sizeBytes: VIDEO_BYTES.length },
      { id: randomUUID(), videoId, userId, version: 2, status: 'completed', revision: 2, videoKey: v2Key, ...facts, sizeBytes: v2Bytes.length },
    ]);
    await t.database.db.update(aiVideos).set({ currentVersion: 2, videoKey: v2Key, sizeBytes: v2Bytes.length }).where(and(eq(aiVideos.id, videoId), eq(aiVideos.userId, userId)));
    const atV2 = await post();

    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const deps: PublishEngineDeps = { db: t.database.db, adapters: { youtube: adapter }, tokens, storage, scheduler, now: () => new Date(Date.now() + 1000), random: () => 1 };
    await runTarget(deps, atV1.targets[0]!.id);
    await runTarget(deps, atV2.targets[0]!.id);
    const uploaded = [...adapter.posts.values()].map((published) => published.bytes.toString());
    expect(uploaded).toEqual([VIDEO_BYTES.toString(), v2Bytes.toString()]);
  });
});
