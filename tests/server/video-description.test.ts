// The video's description: the credits composed from a completed video's checkpoint (script
// sources, one line per picture source, room for music), served on the video and on the list
// of videos a post can use, to the owner only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { PublishableVideo } from '../../contract/publishing';
import { VIDEO_DESCRIPTION_MAX, type AiVideo } from '../../contract/videos';
import { aiVideos } from '../../server/db/schema-videos';
import type { RenderedScene, VideoCheckpoint } from '../../server/domain/videos/checkpoint';
import { composeVideoDescription, visualCreditLines } from '../../server/domain/videos/description';
import { as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, seedVideo } from './publishing-fixtures';

function scene(attribution: string | null, source = 'openverse'): RenderedScene {
  return { key: 'k', kind: 'image', start: 0, duration: 3, source, attribution };
}

/** A video before any edit is rendered: its credits are the first render's. */
function firstRender(checkpoint: VideoCheckpoint) {
  return { checkpoint, visualCredits: null };
}

const OPENVERSE_CREDIT = 'Photo: "Sunrise over the bay" by Ana Costa, CC BY 4.0, https://www.flickr.com/photos/example/1';

describe('composeVideoDescription', () => {
  it('credits the script sources and each picture source once, in scene order', () => {
    const checkpoint: VideoCheckpoint = {
      script: { text: 'Octopuses have three hearts.', title: 'Octopus', writer: 'wikipedia', attribution: 'Based on "Octopus" from Wikipedia (CC BY-SA 4.0), https://en.wikipedia.org/wiki/Octopus' },
      visuals: [scene(OPENVERSE_CREDIT), scene(null, 'builtin'), scene('Video by Ben Li on Pexels', 'pexels'), scene(OPENVERSE_CREDIT), scene(null, 'upload')],
    };
    expect(composeVideoDescription(firstRender(checkpoint))).toBe([
      'Script sources:',
      'Based on "Octopus" from Wikipedia (CC BY-SA 4.0), https://en.wikipedia.org/wiki/Octopus',
      '',
      'Visuals:',
      OPENVERSE_CREDIT,
      'Video by Ben Li on Pexels',
    ].join('\n'));
  });

  it('is empty when nothing needs a credit, and reads checkpoints written before script sources existed', () => {
    expect(composeVideoDescription(firstRender({}))).toBe('');
    expect(composeVideoDescription(firstRender({ script: { text: 'Hi.', title: 'Hi', writer: 'offline' }, visuals: [scene(null, 'builtin')], music: null }))).toBe('');
    expect(composeVideoDescription(firstRender({ script: { text: 'Hi.', title: 'Hi', writer: 'llm', attribution: null }, visuals: [scene('Photo by Maria Silva on Pexels', 'pexels')] })))
      .toBe('Visuals:\nPhoto by Maria Silva on Pexels');
  });

  it('credits the current version’s pictures once an edit is rendered, with the first render’s script sources', () => {
    const checkpoint: VideoCheckpoint = {
      script: { text: 'Octopuses.', title: 'Octopus', writer: 'wikipedia', attribution: 'Based on "Octopus" from Wikipedia' },
      visuals: [scene(OPENVERSE_CREDIT), scene('Video by Ben Li on Pexels', 'pexels')],
    };
    // The edit swapped the Openverse photo for the creator's upload: its credit goes, Ben Li's stays.
    const edited = visualCreditLines([null, ' Video by Ben Li on Pexels ', 'Video by Ben Li on Pexels', 'Photo by Maria\nSilva on Pexels']);
    expect(edited).toEqual(['Video by Ben Li on Pexels', 'Photo by Maria Silva on Pexels']);
    expect(composeVideoDescription({ checkpoint, visualCredits: edited })).toBe(
      ['Script sources:', 'Based on "Octopus" from Wikipedia', '', 'Visuals:', 'Video by Ben Li on Pexels', 'Photo by Maria Silva on Pexels'].join('\n'),
    );
    expect(composeVideoDescription({ checkpoint, visualCredits: [] })).toBe('Script sources:\nBased on "Octopus" from Wikipedia');
  });

  it('keeps within the platforms’ limit without cutting a credit in half', () => {
    const visuals = Array.from({ length: 60 }, (_, index) => scene(`Photo: "A very long title number ${index} ${'x'.repeat(80)}" by Someone, CC BY 4.0, https://example.org/${index}`));
    const text = composeVideoDescription(firstRender({ visuals }));
    expect(text.length).toBeLessThanOrEqual(VIDEO_DESCRIPTION_MAX);
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('…and more credits than fit here.');
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^Photo: ".*" by Someone, CC BY 4\.0, https:\/\/example\.org\/\d+$/);
  });
});

describe('description on the API', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('is served on a completed video and on the videos a post can use, to its owner only', async () => {
    const owner = await t.client.register(uniqueEmail('credits'));
    const stranger = await t.client.register(uniqueEmail('stranger'));
    await allowPublishing(t.database.db, owner.user.id);
    const storage = t.services.publishEngine.storage;
    const done = await seedVideo(t.database.db, storage, owner.user.id, { title: 'Beach at dawn' });
    const running = await seedVideo(t.database.db, storage, owner.user.id, { status: 'processing' });
    for (const id of [done.id, running.id]) {
      await t.database.db.update(aiVideos).set({ checkpoint: { visuals: [scene(OPENVERSE_CREDIT)] } }).where(eq(aiVideos.id, id));
    }
    const expected = `Visuals:\n${OPENVERSE_CREDIT}`;

    const shown = await t.client.get(`/api/ai-videos/${done.id}`, as(owner.token));
    expect(shown.statusCode).toBe(200);
    expect(shown.json<AiVideo>().description).toBe(expected);
    // Not finished: no description yet (its scenes may still change).
    expect((await t.client.get(`/api/ai-videos/${running.id}`, as(owner.token))).json<AiVideo>().description).toBe('');
    const list = (await t.client.get('/api/ai-videos', as(owner.token))).json<Paginated<AiVideo>>();
    expect(list.data.find((video) => video.id === done.id)?.description).toBe(expected);

    const publishable = (await t.client.get('/api/get/videos', as(owner.token))).json<{ data: PublishableVideo[] }>();
    expect(publishable.data).toMatchObject([{ id: done.id, description: expected }]);

    expect((await t.client.get(`/api/ai-videos/${done.id}`, as(stranger.token))).statusCode).toBe(404);
  });
});
