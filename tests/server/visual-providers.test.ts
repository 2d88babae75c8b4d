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
  BUILTIN_VISUALS_LABEL, createVisualProvider, FallbackVisualProvider, imageSizeFor, OpenAiImagesProvider, PexelsProvider,
  STYLE_PROMPT_SUFFIX, VisualProviderError, type SceneVisualRequest,
} from '../../server/providers/visuals';
import { startFakeOpenAiImages, type FakeOpenAiImages } from './fakes/openai-images';
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
  });

  it('rejects malformed settings at start', () => {
    expect(() => loadConfig({ IMAGES_BASE_URL: 'not a url' })).toThrow(/IMAGES_BASE_URL/);
    expect(() => loadConfig({ IMAGES_SIZE: 'big' })).toThrow(/IMAGES_SIZE/);
  });
});
