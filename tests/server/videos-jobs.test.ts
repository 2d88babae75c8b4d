// The render queue on pg-boss: the server hands a created video to the `render-video`
// queue and its workers render it (the same registration `npm run worker` uses); a video a crash
// left processing is queued again when the server starts, and resumes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVideo } from '../../contract/videos';
import { aiVideos } from '../../server/db/schema-videos';
import { RENDER_VIDEO_QUEUE } from '../../server/jobs/render-video';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, as, crashedHeartbeat, createTestDatabase, uniqueEmail, type TestDatabase } from './helpers';

const SCRIPT = 'Hello there. This is a very short video.';

describe('render-video queue', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await createTestDatabase({ RATE_LIMIT_VIDEOS: '1000 per minute' });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.cleanup();
  });

  const statusOf = async (id: string) => (await server.database.db.select({ status: aiVideos.status }).from(aiVideos).where(eq(aiVideos.id, id)))[0]?.status;
  const waitFor = async (id: string, wanted: string, seconds: number) => {
    const deadline = Date.now() + seconds * 1000;
    while ((await statusOf(id)) !== wanted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    return statusOf(id);
  };

  it('renders a created video through pg-boss, and resumes one a crash left processing after a restart', { timeout: 240_000 }, async () => {
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    const client = new ApiClient(server.app);
    const { token } = await client.register(uniqueEmail('queue'));
    const response = await client.request('POST', '/api/ai-videos', { script: SCRIPT }, as(token));
    expect(response.statusCode).toBe(202);
    const { id } = response.json<AiVideo>();
    const jobs = await server.database.raw.query(`select count(*)::int as n from pgboss.job where name = $1 and data->>'videoId' = $2`, [RENDER_VIDEO_QUEUE, id]);
    expect(jobs.rows[0]!.n).toBe(1);
    expect(await waitFor(id, 'completed', 120)).toBe('completed');

    // What a crash mid-render leaves behind: processing, with a heartbeat, the render unfinished.
    const [row] = await server.database.db.select().from(aiVideos).where(eq(aiVideos.id, id));
    const { render: _render, ...checkpoint } = row!.checkpoint;
    await server.stop();
    await testDb.open().then(async (database) => {
      await database.db
        .update(aiVideos)
        .set({ status: 'processing', checkpoint, videoKey: null, stage: 'render', heartbeatAt: crashedHeartbeat() })
        .where(eq(aiVideos.id, id));
      await database.close();
    });
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    expect(await waitFor(id, 'completed', 120)).toBe('completed');
    const [resumed] = await server.database.db.select().from(aiVideos).where(eq(aiVideos.id, id));
    expect(resumed!.attempts).toBe(2);
    expect(resumed!.videoKey).toBe(row!.videoKey);
  });
});
