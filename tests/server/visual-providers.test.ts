// The visual adapters against local fake servers speaking the documented protocols: an
// OpenAI-compatible image endpoint and the Pexels API, including their error bodies and rate
// limits; the per-scene fallback to built-in art; and which provider the configuration picks.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  BUILTIN_VISUALS_LABEL, createVisualProvider, FallbackVisualProvider, imageSizeFor, OpenAiImagesProvider, OpenverseProvider, PexelsProvider,
  STYLE_PROMPT_SUFFIX, VisualProviderError, type SceneVisualRequest,
} from '../../server/providers/visuals';
import { startFakeOpenAiImages, type FakeOpenAiImages } from './fakes/openai-images';
import { startFakeOpenverse, type FakeOpenverse } from './fakes/openverse';
import { startFakePexels, type FakePexels } from './fakes/pexels';

const work = mkdtempSync(join(tmpdir(), 'reelflow-visual-providers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let folder = 0;
/** A request writing into a fresh folder (one folder = one video's scenes). */
function scene(overrides: Partial<SceneVisualRequest> = {}, dir = `video-${++folder}`): SceneVisualRequest {
  return {
    prompt: 'Waves roll onto a quiet beach at sunrise.',
    keywords: ['beach', 'sunrise'],
    artStyle: 'cinematic',
    width: 1080,
    height: 1920,
    index: 0,
    duration: 5,
    outputBase: join(work, dir, `scene-${overrides.index ?? 0}`),
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<VisualProviderError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(VisualProviderError);
  return error as VisualProviderError;
}

describe('OpenAI-compatible images', () => {
  let fake: FakeOpenAiImages;
  beforeAll(async () => { fake = await startFakeOpenAiImages('sk-test-images'); });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.requests.length = 0; fake.answerWithUrl = false; fake.anySize = false; });

  const provider = (model = 'gpt-image-1', apiKey = 'sk-test-images'): OpenAiImagesProvider =>
    new OpenAiImagesProvider({ baseUrl: fake.baseUrl, apiKey, model, retryDelayMs: 0 });

  it('asks gpt-image for a portrait image in the art style and writes the file', async () => {
    const request = scene({ artStyle: 'watercolor' });
    const visual = await provider().sceneVisual(request);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer sk-test-images');
    expect(sent.body).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1024x1536' });
    expect(sent.body).not.toHaveProperty('response_format');
    expect(sent.body.prompt).toContain(request.prompt);
    expect(sent.body.prompt).toContain(STYLE_PROMPT_SUFFIX.watercolor);
    expect(visual).toMatchObject({ kind: 'image', width: 1024, height: 1536, attribution: null, label: 'AI images (gpt-image-1)' });
    expect(visual.path).toBe(`${request.outputBase}.png`);
    expect((await loadImage(readFileSync(visual.path))).height).toBe(1536);
  });

  it('asks dall-e-3 for base64 at its own sizes, and dall-e-2 for a square', async () => {
    await provider('dall-e-3').sceneVisual(scene({ width: 1920, height: 1080 }));
    expect(fake.requests[0]!.body).toMatchObject({ model: 'dall-e-3', size: '1792x1024', response_format: 'b64_json' });
    await provider('dall-e-2').sceneVisual(scene());
    expect(fake.requests[1]!.body).toMatchObject({ size: '1024x1024', response_format: 'b64_json' });
    expect(imageSizeFor('dall-e-3', 1080, 1920)).toBe('1024x1792');
    expect(imageSizeFor('gpt-image-1', 1080, 1080)).toBe('1024x1024');
  });

  it('downloads the image when a server answers with a URL', async () => {
    fake.answerWithUrl = true;
    fake.anySize = true;
    const visual = await new OpenAiImagesProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-test-images', model: 'local-sd', size: '576x1024' }).sceneVisual(scene());
    expect(fake.requests[0]!.body).toMatchObject({ size: '576x1024', response_format: 'b64_json' });
    expect(visual).toMatchObject({ width: 576, height: 1024 });
    expect(readFileSync(visual.path).subarray(1, 4).toString()).toBe('PNG');
  });

  it('maps the error envelope to plain-language kinds, leaving no file behind', async () => {
    const request = scene();
    const auth = await rejection(provider('gpt-image-1', 'sk-wrong').sceneVisual(request));
    expect(auth).toMatchObject({ kind: 'auth', status: 401 });
    expect(auth.message).not.toContain('sk-');

    fake.failNext({ status: 429, type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota.' });
    expect(await rejection(provider().sceneVisual(request))).toMatchObject({ kind: 'quota', status: 429 });

    fake.failNext({ status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached', headers: { 'retry-after': '20' } });
    const rate = await rejection(provider().sceneVisual(request));
    expect(rate).toMatchObject({ kind: 'rate', status: 429 });
    expect(rate.message).toContain('20 s');

    fake.failNext({ status: 400, type: 'invalid_request_error', code: 'content_policy_violation', message: 'Your request was rejected by the safety system.' });
    expect(await rejection(provider().sceneVisual(request))).toMatchObject({ kind: 'bad', status: 400 });

    fake.failNext({ status: 500 }, { status: 503 });
    expect(await rejection(provider().sceneVisual(request))).toMatchObject({ kind: 'retry', status: 503 });
    expect(existsSync(join(request.outputBase, '..')) ? readdirSync(join(request.outputBase, '..')) : []).toEqual([]);
  });

  it('retries a server error once before giving up', async () => {
    fake.failNext({ status: 502 });
    const visual = await provider().sceneVisual(scene());
    expect(fake.requests).toHaveLength(2);
    expect(existsSync(visual.path)).toBe(true);
  });

  it('treats an unreachable server as a retryable failure', async () => {
    const offline = new OpenAiImagesProvider({ baseUrl: 'http://127.0.0.1:1/v1', model: 'dall-e-3', retryDelayMs: 0 });
    expect(await rejection(offline.sceneVisual(scene()))).toMatchObject({ kind: 'retry' });
  });
});

describe('Pexels stock', () => {
  let fake: FakePexels;
  beforeAll(async () => {
    fake = await startFakePexels('pexels-test-key');
    fake.videos.push(
      { id: 101, tags: ['beach', 'sunrise', 'waves'], width: 2160, height: 3840, duration: 3, user: 'Short Clip Studio' },
      { id: 102, tags: ['beach', 'sunrise'], width: 2160, height: 3840, duration: 12, user: 'Ana Costa' },
      { id: 103, tags: ['beach', 'sunrise'], width: 1080, height: 1920, duration: 9, user: 'Ben Li' },
      { id: 104, tags: ['beach'], width: 3840, height: 2160, duration: 20, user: 'Wide Shots' },
    );
    fake.photos.push(
      { id: 501, tags: ['volcano', 'lava'], width: 4000, height: 6000, photographer: 'Maria Silva' },
      { id: 502, tags: ['volcano'], width: 3000, height: 4500, photographer: 'Tom Berg' },
    );
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.requests.length = 0; fake.downloads.length = 0; fake.remaining = 200; });

  const provider = (apiKey = 'pexels-test-key'): PexelsProvider =>
    new PexelsProvider({ apiKey, photosBaseUrl: fake.photosBaseUrl, videosBaseUrl: fake.videosBaseUrl });

  it('searches videos first, picks a clip long enough and the rendition nearest the frame', async () => {
    const request = scene();
    const visual = await provider().sceneVisual(request);
    const search = fake.requests[0]!;
    expect(search.path).toBe('/videos/search');
    expect(search.authorization).toBe('pexels-test-key');
    expect(search.query.get('query')).toBe('beach sunrise');
    expect(search.query.get('orientation')).toBe('portrait');
    // 101 is too short for a 5 s scene; 102 is the first long enough. Its 1080x1920 rendition,
    // not the 4K one and never the HLS playlist.
    expect(fake.downloads).toEqual(['/cdn/video-files/102/1080x1920.mp4']);
    expect(visual).toMatchObject({ kind: 'video', width: 1080, height: 1920, attribution: 'Video by Ana Costa on Pexels', label: 'Pexels stock videos and photos' });
    expect(visual.path).toBe(`${request.outputBase}.mp4`);
    expect(readFileSync(visual.path).subarray(4, 8).toString()).toBe('ftyp');
  });

  it('never uses the same clip twice in one video', async () => {
    const p = provider();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      await p.sceneVisual(scene({ index }, 'one-video'));
      ids.push(fake.downloads.at(-1)!.split('/')[3]!);
    }
    expect(new Set(ids).size).toBe(3);
    // Another video may use the best clip again.
    await p.sceneVisual(scene({}, 'another-video'));
    expect(fake.downloads.at(-1)).toContain('/102/');
  });

  it('asks for landscape clips for 16:9 and falls back to the first keyword alone', async () => {
    const visual = await provider().sceneVisual(scene({ width: 1920, height: 1080, keywords: ['beach', 'palm'] }));
    expect(fake.requests.map((r) => [r.query.get('query'), r.query.get('orientation')])).toEqual([['beach palm', 'landscape'], ['beach', 'landscape']]);
    expect(visual).toMatchObject({ kind: 'video', width: 1920, height: 1080, attribution: 'Video by Wide Shots on Pexels' });
  });

  it('falls back to photos and credits the photographer', async () => {
    const visual = await provider().sceneVisual(scene({ keywords: ['volcano', 'lava'] }));
    expect(fake.requests.map((r) => r.path)).toEqual(['/videos/search', '/videos/search', '/v1/search']);
    expect(visual).toMatchObject({ kind: 'image', width: 4000, height: 6000, attribution: 'Photo by Maria Silva on Pexels' });
    expect(visual.path).toMatch(/\.jpg$/);
  });

  it('derives search words from the scene text when none are given', async () => {
    await provider().sceneVisual(scene({ keywords: [], prompt: 'The beach at dawn.' }));
    expect(fake.requests[0]!.query.get('query')).toBe('beach dawn');
  });

  it('maps errors: bad key, rate limit, outage, nothing found', async () => {
    expect(await rejection(provider('Bearer pexels-test-key').sceneVisual(scene()))).toMatchObject({ kind: 'auth', status: 401 });
    fake.remaining = 0;
    expect(await rejection(provider().sceneVisual(scene()))).toMatchObject({ kind: 'rate', status: 429 });
    fake.remaining = 200;
    fake.failNext(502, 'Bad gateway');
    expect(await rejection(provider().sceneVisual(scene()))).toMatchObject({ kind: 'retry', status: 502 });
    expect(await rejection(provider().sceneVisual(scene({ keywords: ['zzzunknown'] })))).toMatchObject({ kind: 'bad' });
  });

  it('refuses a download over the size limit and leaves no partial file', async () => {
    const request = scene();
    const small = new PexelsProvider({ apiKey: 'pexels-test-key', photosBaseUrl: fake.photosBaseUrl, videosBaseUrl: fake.videosBaseUrl, maxVideoBytes: 1000 });
    expect(await rejection(small.sceneVisual(request))).toMatchObject({ kind: 'bad' });
    const folder = join(request.outputBase, '..');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('stops calling once X-Ratelimit-Remaining reaches 0', async () => {
    const p = provider();
    fake.remaining = 1;
    await p.sceneVisual(scene());
    const calls = fake.requests.length;
    expect(await rejection(p.sceneVisual(scene()))).toMatchObject({ kind: 'rate' });
    expect(fake.requests).toHaveLength(calls);
  });

  it('falls back to built-in art for a scene Pexels cannot serve, but not for a bad key', async () => {
    const wrapped = new FallbackVisualProvider(provider());
    fake.remaining = 0;
    const visual = await wrapped.sceneVisual(scene({ artStyle: 'comic' }));
    expect(visual).toMatchObject({ kind: 'image', width: 1080, height: 1920, attribution: null, label: BUILTIN_VISUALS_LABEL });
    expect(visual.fallbackReason).toMatch(/rate limiting/);
    expect(visual.motion).toBeDefined();
    fake.remaining = 200;
    await expect(new FallbackVisualProvider(provider('nope')).sceneVisual(scene())).rejects.toMatchObject({ kind: 'auth' });
  });
});

describe('Openverse openly licensed photos', () => {
  let fake: FakeOpenverse;
  beforeAll(async () => {
    fake = await startFakeOpenverse();
    fake.images.push(
      // Relevance order: the first two must never be used (non-commercial, no derivatives).
      { id: 'nc-1', title: 'Beach at dawn', creator: 'No Sales', tags: ['beach', 'sunrise'], license: 'by-nc', license_version: '2.0', width: 2000, height: 3000 },
      { id: 'nd-1', title: 'Beach untouched', creator: 'No Edits', tags: ['beach', 'sunrise'], license: 'by-nd', license_version: '4.0', width: 2000, height: 3000 },
      { id: 'tiny-1', title: 'Small beach', creator: 'Thumb Nail', tags: ['beach', 'sunrise'], license: 'cc0', license_version: '1.0', width: 300, height: 450 },
      { id: 'by-1', title: 'Sunrise over the\nbay', creator: 'Ana Costa', tags: ['beach', 'sunrise'], license: 'by', license_version: '4.0', width: 2400, height: 3600 },
      { id: 'sa-1', title: null, creator: 'Ben Li', tags: ['beach', 'sunrise'], license: 'by-sa', license_version: '2.0', width: 1200, height: 1800 },
      { id: 'wide-1', title: 'Long beach', creator: null, tags: ['beach'], license: 'pdm', license_version: '1.0', width: 4000, height: 2000 },
      { id: 'dead-1', title: 'Gone volcano', creator: 'Lost', tags: ['volcano'], license: 'cc0', license_version: '1.0', width: 3000, height: 4000, dead: true },
      { id: 'live-1', title: 'Volcano', creator: 'Maria Silva', tags: ['volcano'], license: 'cc0', license_version: '1.0', width: 3000, height: 4000 },
      { id: 'mature-1', title: 'Party', creator: 'X', tags: ['party'], license: 'cc0', license_version: '1.0', width: 1000, height: 1500, mature: true },
    );
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.requests.length = 0; fake.downloads.length = 0; });

  const provider = (options: Partial<ConstructorParameters<typeof OpenverseProvider>[0]> = {}): OpenverseProvider =>
    new OpenverseProvider({ baseUrl: fake.baseUrl, ...options });

  it('searches with the licences that allow a commercial, edited video and credits the photo in full', async () => {
    const request = scene();
    const visual = await provider().sceneVisual(request);
    const search = fake.requests[0]!;
    expect(search.path).toBe('/v1/images/');
    expect(search.authorization).toBeUndefined();
    expect(Object.fromEntries(search.query)).toEqual({
      q: 'beach sunrise', license: 'by,by-sa,cc0,pdm', extension: 'jpg,png', mature: 'false', page_size: '20', aspect_ratio: 'tall',
    });
    // The NC and ND photos never come back for that filter; the too-small CC0 one waits behind
    // the first photo large enough for the frame.
    expect(fake.downloads).toEqual(['/cdn/by-1.jpg']);
    expect(visual).toMatchObject({
      kind: 'image', width: 2400, height: 3600, label: 'Openverse openly licensed photos',
      attribution: 'Photo: "Sunrise over the bay" by Ana Costa, CC BY 4.0, https://www.flickr.com/photos/example/by-1',
      licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', author: 'Ana Costa', title: 'Sunrise over the bay', source: 'https://www.flickr.com/photos/example/by-1' },
    });
    expect(visual.path).toBe(`${request.outputBase}.jpg`);
    expect((await loadImage(readFileSync(visual.path))).height).toBe(90);
  });

  it('refuses a result whose licence forbids commercial use or changes even if the service sends one', async () => {
    fake.failNext(200, {
      result_count: 2, page_count: 1, page_size: 20, page: 1, warnings: [],
      results: [
        { id: 'nc-1', title: 'Beach at dawn', creator: 'No Sales', license: 'by-nc', license_version: '2.0', url: `${fake.origin}/cdn/nc-1.jpg`, foreign_landing_url: null, width: 2000, height: 3000, filetype: 'jpg', mature: false },
        { id: 'sa-1', title: null, creator: 'Ben Li', license: 'by-sa', license_version: '2.0', url: `${fake.origin}/cdn/sa-1.jpg`, foreign_landing_url: 'https://example.org/sa-1', width: 1200, height: 1800, filetype: 'jpg', mature: false },
      ],
    });
    const visual = await provider().sceneVisual(scene());
    expect(fake.downloads).toEqual(['/cdn/sa-1.jpg']);
    expect(visual.attribution).toBe('Photo: Untitled by Ben Li, CC BY-SA 2.0, https://example.org/sa-1');
  });

  it('never uses the same photo twice in one video, and widens the search to any shape', async () => {
    const p = provider();
    const used: string[] = [];
    for (let index = 0; index < 4; index++) {
      await p.sceneVisual(scene({ index }, 'openverse-video'));
      used.push(fake.downloads.at(-1)!);
    }
    expect(used).toEqual(['/cdn/by-1.jpg', '/cdn/sa-1.jpg', '/cdn/tiny-1.jpg', '/cdn/wide-1.jpg']);
    // The fourth scene ran out of tall photos: "beach" alone, any aspect ratio.
    const last = fake.requests.at(-1)!;
    expect(last.query.get('q')).toBe('beach');
    expect(last.query.has('aspect_ratio')).toBe(false);
    expect(await rejection(p.sceneVisual(scene({ index: 4 }, 'openverse-video')))).toMatchObject({ kind: 'bad' });
  });

  it('turns to the second page when this video has used up the first', async () => {
    const p = provider({ pageSize: 2 });
    for (let index = 0; index < 3; index++) await p.sceneVisual(scene({ index }, 'openverse-paged'));
    // Page 1 holds tiny-1 and by-1 (the NC and ND ones are never sent): the large one first.
    expect(fake.downloads).toEqual(['/cdn/by-1.jpg', '/cdn/tiny-1.jpg', '/cdn/sa-1.jpg']);
    expect(fake.requests.map((r) => r.query.get('page'))).toEqual([null, null, null, '2']);
  });

  it('asks for wide photos for 16:9 and credits a public-domain photo without a creator', async () => {
    const visual = await provider().sceneVisual(scene({ width: 1920, height: 1080, keywords: ['beach'] }));
    expect(fake.requests[0]!.query.get('aspect_ratio')).toBe('wide');
    expect(visual).toMatchObject({ width: 4000, height: 2000, attribution: 'Photo: "Long beach", Public Domain Mark 1.0, https://www.flickr.com/photos/example/wide-1' });
  });

  it('skips a dead link for the next result, and leaves mature results out', async () => {
    const visual = await provider().sceneVisual(scene({ keywords: ['volcano'] }));
    expect(fake.downloads).toEqual(['/cdn/dead-1.jpg', '/cdn/live-1.jpg']);
    expect(visual.attribution).toContain('"Volcano" by Maria Silva, CC0 1.0');
    expect(await rejection(provider().sceneVisual(scene({ keywords: ['party'] })))).toMatchObject({ kind: 'bad' });
  });

  it('refuses photos over the size limit, trying a few, and leaves no partial file', async () => {
    const request = scene();
    expect(await rejection(provider({ maxPhotoBytes: 100 }).sceneVisual(request))).toMatchObject({ kind: 'bad' });
    expect(fake.downloads).toHaveLength(3);
    const folder = join(request.outputBase, '..');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('maps errors: a rejected parameter, throttling with Retry-After, an outage', async () => {
    // The fake rejects what Openverse rejects: more than 20 a page without a token.
    const big = await rejection(provider({ pageSize: 50 }).sceneVisual(scene()));
    expect(big).toMatchObject({ kind: 'auth', status: 401 });
    expect(big.message).toContain('page_size: Page size must be between 1 and 20');

    fake.failNext(400, { detail: { q: ['This field may not be blank.'] } });
    const bad = await rejection(provider().sceneVisual(scene()));
    expect(bad).toMatchObject({ kind: 'bad', status: 400 });
    expect(bad.message).toContain('q: This field may not be blank.');

    fake.failNext(503, { detail: 'Service unavailable' });
    expect(await rejection(provider().sceneVisual(scene()))).toMatchObject({ kind: 'retry', status: 503 });
  });

  it('stops calling until Retry-After has passed once throttled', async () => {
    const p = provider();
    fake.failNext(429, { detail: 'Request was throttled. Expected available in 42 seconds.' }, { 'Retry-After': '42' });
    const throttled = await rejection(p.sceneVisual(scene()));
    expect(throttled).toMatchObject({ kind: 'rate', status: 429 });
    expect(throttled.message).toContain('42 s');
    const calls = fake.requests.length;
    expect(await rejection(p.sceneVisual(scene()))).toMatchObject({ kind: 'rate' });
    expect(fake.requests).toHaveLength(calls);
  });

  it('uses client credentials for a Bearer token, once, and rethrows rejected credentials as auth', async () => {
    const p = provider({ clientId: 'openverse-client', clientSecret: 'openverse-secret', pageSize: 50 });
    await p.sceneVisual(scene());
    await p.sceneVisual(scene());
    const tokenCalls = fake.requests.filter((r) => r.path === '/v1/auth_tokens/token/');
    expect(tokenCalls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenCalls[0]!.body))).toEqual({ grant_type: 'client_credentials', client_id: 'openverse-client', client_secret: 'openverse-secret' });
    expect(fake.requests.find((r) => r.path === '/v1/images/')!.authorization).toMatch(/^Bearer token-\d+$/);

    const wrong = provider({ clientId: 'openverse-client', clientSecret: 'wrong' });
    const error = await rejection(wrong.sceneVisual(scene()));
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).not.toContain('wrong');
    await expect(new FallbackVisualProvider(wrong).sceneVisual(scene())).rejects.toMatchObject({ kind: 'auth' });
  });

  it('without a network every scene falls back to the built-in art at once', async () => {
    const offline = new FallbackVisualProvider(new OpenverseProvider({ baseUrl: 'http://127.0.0.1:1/v1/' }));
    const first = await offline.sceneVisual(scene({ artStyle: 'minimalist' }));
    expect(first).toMatchObject({ kind: 'image', attribution: null, label: BUILTIN_VISUALS_LABEL, fallbackReason: 'Openverse could not be reached.' });
    const second = await offline.sceneVisual(scene({ artStyle: 'minimalist', index: 1 }));
    expect(second.fallbackReason).toBe('Openverse could not be reached.');
  });
});

describe('createVisualProvider', () => {
  it('picks AI images, else Pexels, else the built-in art, from the environment', () => {
    const none = createVisualProvider(loadConfig({}).visuals);
    expect(none.id).toBe('builtin');
    expect(none.label).toBe(BUILTIN_VISUALS_LABEL);

    const pexels = createVisualProvider(loadConfig({ PEXELS_API_KEY: 'k', PEXELS_VIDEOS_BASE_URL: 'http://127.0.0.1:1/videos/' }).visuals);
    expect(pexels).toBeInstanceOf(FallbackVisualProvider);
    expect(pexels.id).toBe('pexels');

    const images = createVisualProvider(loadConfig({ IMAGES_BASE_URL: 'https://api.openai.com/v1', IMAGES_API_KEY: 'k', PEXELS_API_KEY: 'k' }).visuals);
    expect(images.id).toBe('openai-images');
    expect(images.label).toBe('AI images (gpt-image-1)');

    // Openverse only when asked for, after AI images and Pexels, and wrapped in the fallback.
    expect(createVisualProvider(loadConfig({ OPENVERSE_ENABLED: 'off' }).visuals).id).toBe('builtin');
    const openverse = createVisualProvider(loadConfig({ OPENVERSE_ENABLED: 'on' }).visuals);
    expect(openverse).toBeInstanceOf(FallbackVisualProvider);
    expect(openverse.id).toBe('openverse');
    expect(createVisualProvider(loadConfig({ OPENVERSE_ENABLED: 'on', PEXELS_API_KEY: 'k' }).visuals).id).toBe('pexels');
    expect(createVisualProvider(loadConfig({ OPENVERSE_ENABLED: 'on', IMAGES_BASE_URL: 'https://api.openai.com/v1' }).visuals).id).toBe('openai-images');
  });

  it('rejects malformed settings at start', () => {
    expect(() => loadConfig({ IMAGES_BASE_URL: 'not a url' })).toThrow(/IMAGES_BASE_URL/);
    expect(() => loadConfig({ IMAGES_SIZE: 'big' })).toThrow(/IMAGES_SIZE/);
    expect(() => loadConfig({ OPENVERSE_ENABLED: 'yes' })).toThrow(/OPENVERSE_ENABLED/);
    expect(() => loadConfig({ OPENVERSE_BASE_URL: 'nowhere' })).toThrow(/OPENVERSE_BASE_URL/);
    expect(() => loadConfig({ OPENVERSE_CLIENT_ID: 'id' })).toThrow(/OPENVERSE_CLIENT_SECRET/);
  });
});
