// One render at a time per video, also when a run only stalled: a run whose heartbeat went stale
// (its process hung past the staleness) is taken over by another run; when it wakes up it must
// change nothing — not fail the video, not settle it again, and above all not delete the files
// the other run finished, taking the video for a deleted one. The render runs with the test
// doubles (videos-fixtures.ts); the stalled run waits in its compose.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVideo } from '../../contract/videos';
import { creditLedger, users } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import { STALE_HEARTBEAT_MS } from '../../server/domain/shared/claim';
import { renderVideo } from '../../server/domain/videos/pipeline/run';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import type { VideoRenderer } from '../../server/domain/videos/runner';
import { as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { fakeRenderPieces } from './videos-fixtures';

const SCRIPT = 'Octopuses have three hearts. Two pump blood to the gills, one to the body.';

describe('a render whose claim another run took over', () => {
  let t: TestApp;
  const pieces = fakeRenderPieces();
  /** Videos are only created here; the test runs the renders itself. */
  const renderer: VideoRenderer = { enqueue: () => Promise.resolve(), stop: () => {} };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VIDEOS: '1000 per minute' }, undefined, { renderer, renderOverrides: pieces.overrides });
  });
  afterAll(async () => t.close());

  it('changes nothing when the stalled run wakes up: the video stays completed, its files and credits as the other run left them', async () => {
    const { token, user } = await t.client.register(uniqueEmail('claims'));
    const created = await t.client.request('POST', '/api/ai-videos', { script: SCRIPT }, as(token));
    expect(created.statusCode).toBe(202);
    const { id } = created.json<AiVideo>();
    const row = async () => (await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, id)))[0]!;

    // The first run stalls in its last stage, holding the claim.
    let stalled!: () => void;
    const inCompose = new Promise<void>((resolve) => (stalled = resolve));
    let wake!: () => void;
    const asleep = new Promise<void>((resolve) => (wake = resolve));
    const stalling: RenderServices = {
      ...t.services.render,
      compose: async (...args) => {
        stalled();
        await asleep;
        return pieces.composer.compose(...args);
      },
    };
    const first = renderVideo(stalling, id);
    await inCompose;
    expect(await row()).toMatchObject({ status: 'processing', attempts: 1, stage: 'render' });

    // Its heartbeat goes stale; another run takes the video over and finishes it.
    await t.database.db
      .update(aiVideos)
      .set({ heartbeatAt: sql`now() - make_interval(secs => ${STALE_HEARTBEAT_MS / 1000 + 1})` })
      .where(eq(aiVideos.id, id));
    expect(await renderVideo(t.services.render, id)).toBe('completed');
    const finished = await row();
    expect(finished).toMatchObject({ status: 'completed', attempts: 2 });
    const credits = async () => (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id)))[0]!.credits;
    const ledger = async () => (await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).length;
    const [creditsAfter, ledgerAfter] = [await credits(), await ledger()];

    // The stalled run wakes up: it lost its claim, so it stops without a trace.
    wake();
    expect(await first).toBe('busy');
    expect(await row()).toMatchObject({ status: 'completed', attempts: 2, videoKey: finished.videoKey, thumbnailKey: finished.thumbnailKey, error: null });
    expect(await t.services.render.storage.stat(finished.videoKey!)).not.toBeNull();
    expect(await t.services.render.storage.stat(finished.thumbnailKey!)).not.toBeNull();
    expect(await credits()).toBe(creditsAfter);
    expect(await ledger()).toBe(ledgerAfter);
  });
});
