// Routes that answer without a change of the usual kind — two previews and the transcription edit —
// and the expensive calls that had no rate limit: an Idempotency-Key is bound to its request on
// them as on every other route (a replay answers the stored response, another body under the same
// key is a 422 and changes nothing), and caption renders, video restarts and import previews
// answer 429 past their per-user limit.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionResponse } from '../../contract/transcriptions';
import { transcriptions } from '../../server/db/schema';
import { KEY_REUSED_MESSAGE } from '../../server/domain/idempotency/idempotency';
import { REPLAYED_HEADER } from '../../server/http/idempotency';
import { as, createTestApp, errorsOf, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing } from './publishing-fixtures';

const LIMIT = 2;

describe('replays and limits of previews, transcription edits, caption renders and restarts', () => {
  let t: TestApp;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };

  const register = async (label: string) => {
    const registered = await t.client.register(uniqueEmail(label));
    // A plan that publishes too (the import preview needs it); every plan transcribes and makes videos.
    await allowPublishing(t.database.db, registered.user.id);
    return { token: registered.token, id: registered.user.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORT_PREVIEW: '100000 per minute', RATE_LIMIT_VOICE_PREVIEW: '100000 per minute' });
    alice = await register('replays-alice');
    bob = await register('replays-bob');
  });
  afterAll(() => t.close());

  /** A finished transcription of the user, as the speech engine leaves it. */
  const seedTranscription = async (userId: number) => {
    const id = randomUUID();
    const words = [
      { word: 'Hello', start: 0, end: 0.5 },
      { word: 'world', start: 0.6, end: 1.2 },
    ];
    await t.database.db.insert(transcriptions).values({
      id,
      userId,
      title: 'Talk',
      status: 'completed',
      progress: 100,
      settings: { caption_settings: { preset: 'bold-pop' }, render_video: false, process_now: true, skip_size_check: false, language: null },
      mediaKey: `users/${userId}/transcriptions/${id}/talk.mp4`,
      mediaType: 'video/mp4',
      mediaSize: 1000,
      duration: 2,
      transcript: 'Hello world',
      words,
    });
    return id;
  };

  const replayed = (response: LightMyRequestResponse) => response.headers[REPLAYED_HEADER];
  const expectKeyReused = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response)).toEqual({ idempotency_key: [KEY_REUSED_MESSAGE] });
  };

  describe('Idempotency-Key', () => {
    it('PUT /api/transcriptions/{id}: a replay answers the stored edit, another body under its key is refused and not applied', async () => {
      const id = await seedTranscription(alice.id);
      const key = randomUUID();
      const first = { caption_settings: { preset: 'bold-pop', font_size: 60 } };
      const edited = await t.client.put(`/api/transcriptions/${id}`, first, as(alice.token, key));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(replayed(edited)).toBeUndefined();
      const before = edited.json<TranscriptionResponse>().transcription;
      expect(before.caption_settings).toMatchObject({ font_size: 60 });

      const again = await t.client.put(`/api/transcriptions/${id}`, first, as(alice.token, key));
      expect(again.statusCode).toBe(200);
      expect(replayed(again)).toBe('true');
      expect(again.json<TranscriptionResponse>().transcription).toMatchObject({ updated_at: before.updated_at, caption_settings: before.caption_settings, words: before.words });

      expectKeyReused(await t.client.put(`/api/transcriptions/${id}`, { caption_settings: { preset: 'bold-pop', font_size: 90 } }, as(alice.token, key)));
      const [row] = await t.database.db.select().from(transcriptions).where(eq(transcriptions.id, id));
      expect(row!.settings.caption_settings).toEqual({ preset: 'bold-pop', font_size: 60 });
      expect(row!.updatedAt.toISOString()).toBe(before.updated_at);
      // The same key is still the other user's own.
      const theirs = await seedTranscription(bob.id);
      expect((await t.client.put(`/api/transcriptions/${theirs}`, { caption_settings: { preset: 'bold-pop', font_size: 90 } }, as(bob.token, key))).statusCode).toBe(200);
    });

    it('POST /api/schedule/import/preview: a replay answers the stored preview, another file under its key is refused', async () => {
      const key = randomUUID();
      const csv = (title: string) => `video,accounts,scheduled_at\n${title},youtube:Nowhere,2031-07-01 08:00\n`;
      const first = await t.client.post('/api/schedule/import/preview', { csv: csv('First video'), timezone: 'UTC' }, as(alice.token, key));
      expect(first.statusCode, first.body).toBe(200);
      expect(replayed(first)).toBeUndefined();
      const again = await t.client.post('/api/schedule/import/preview', { csv: csv('First video'), timezone: 'UTC' }, as(alice.token, key));
      expect(again.statusCode).toBe(200);
      expect(replayed(again)).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectKeyReused(await t.client.post('/api/schedule/import/preview', { csv: csv('Second video'), timezone: 'UTC' }, as(alice.token, key)));
    });

    it('POST /api/voices/preview: a replay answers the same audio, another text under its key is refused', async () => {
      const key = randomUUID();
      const body = (text: string) => ({ provider: 'builtin', voice_id: 'en-us+m3', text });
      const first = await t.client.post('/api/voices/preview', body('One two'), as(alice.token, key));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-type']).toBe('audio/wav');
      expect(replayed(first)).toBeUndefined();
      const again = await t.client.post('/api/voices/preview', body('One two'), as(alice.token, key));
      expect(again.statusCode).toBe(200);
      expect(replayed(again)).toBe('true');
      expect(again.headers['content-type']).toBe('audio/wav');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expectKeyReused(await t.client.post('/api/voices/preview', body('Three four'), as(alice.token, key)));
    });
  });

  describe('rate limits', () => {
    let limits: TestApp;
    beforeAll(async () => {
      limits = await createTestApp({
        RATE_LIMIT_CAPTION_RENDER: `${LIMIT} per minute`,
        RATE_LIMIT_VIDEO_RESTART: `${LIMIT} per minute`,
        RATE_LIMIT_IMPORT_PREVIEW: `${LIMIT} per minute`,
      });
    });
    afterAll(() => limits.close());
    const signedUp = async (label: string) => {
      const registered = await limits.client.register(uniqueEmail(label));
      await allowPublishing(limits.database.db, registered.user.id);
      return registered.token;
    };

    const routes = [
      ['POST /api/transcriptions/{id}/render', (token: string, id: string) => limits.client.post(`/api/transcriptions/${id}/render`, {}, as(token))],
      ['POST /api/ai-videos/{id}/restart', (token: string, id: string) => limits.client.post(`/api/ai-videos/${id}/restart`, {}, as(token))],
      ['POST /api/schedule/import/preview', (token: string) => limits.client.post('/api/schedule/import/preview', { csv: 'video,accounts,scheduled_at\n' }, as(token))],
    ] as const;

    it.each(routes)(`%s answers 429 past ${LIMIT} per minute and user, whatever the answers were`, async (_route, send) => {
      const token = await signedUp('limited');
      const statuses: number[] = [];
      // Every attempt counts, refused ones too (an unknown id, an empty file).
      for (let attempt = 0; attempt < LIMIT; attempt += 1) statuses.push((await send(token, randomUUID())).statusCode);
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      const limited = await send(token, randomUUID());
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: expect.any(String) as string });
      // Per user: someone else still gets through.
      expect((await send(await signedUp('not-limited'), randomUUID())).statusCode).not.toBe(429);
    });
  });
});
