// Series offline-first: each change is applied to the local rows at once with its request queued
// under the series' entity key; deliveries put the server's answer in place; a refused change is
// badged and a discarded one restores the row; deletes are held for Undo; the pulls fill the series
// and their episodes and leave rows with waiting changes alone. Real Dexie schema over fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Series, SeriesEpisode } from '../../contract';
import { createSeriesEpisodesSync, createSeriesSync } from '../../src/features/series/data/series-sync';
import {
  approveEpisode,
  deleteSeries,
  generateNextEpisode,
  rejectEpisode,
  requestSampleEpisode,
  saveSeriesDraft,
  startSeries,
  undoDeleteSeries,
  updateSeries,
} from '../../src/features/series/data/series-mutations';
import { episodesOfSeries, seriesNewestFirst } from '../../src/features/series/data/series-queries';
import { clearLocalStore, db } from '../../src/store';
import { UndoTooLateError } from '../../src/store/undo-delete';
import { appDrainDeps, appOutbox, discardChange, setEngineHooks, setOutboxOwner, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';
import { page, serverEpisode, serverSeries, SERIES_ID, storeSeries } from './helpers/series';

/** A server that answers like the real one: the series for series writes, the episode for reviews. */
function seriesServer(fault: (request: OutboxRequest) => Fault = () => ({ type: 'ok' })) {
  const series = new Map<string, Series>();
  const episodes = new Map<string, SeriesEpisode>();
  const server = createIdempotentServer({
    fault,
    respond: (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parts = request.url.split('/').map(decodeURIComponent);
      if (request.method === 'POST' && request.url === '/api/series') {
        const created = serverSeries(body.id as string, { ...(body as Partial<Series>), stats: { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 70 }, updated_at: '2026-11-02T00:00:00.000Z' });
        series.set(created.id, created);
        return created;
      }
      const id = parts[3]!;
      if (request.method === 'DELETE') {
        series.delete(id);
        return { message: 'Series deleted.' };
      }
      if (request.method === 'PUT') {
        const next = { ...(series.get(id) ?? serverSeries(id)), ...(body as Partial<Series>), updated_at: '2026-11-03T00:00:00.000Z' };
        series.set(id, next);
        return next;
      }
      if (parts[4] === 'episodes') {
        const episodeId = parts[5]!;
        const episode = { ...(episodes.get(episodeId) ?? serverEpisode(episodeId, id)), status: parts[6] === 'approve' ? ('scheduled' as const) : ('writing' as const), updated_at: '2026-11-21T00:00:00.000Z' };
        episodes.set(episodeId, episode);
        return episode;
      }
      return serverEpisode('new-episode', id, { status: 'planned', sample: parts[4] === 'sample' });
    },
  });
  return server;
}

const drain = (send: ReturnType<typeof seriesServer>['send']) => appOutbox.drain(appDrainDeps(send));

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('saving and starting a series', () => {
  it('a new draft shows at once and POSTs with its own id and status draft', async () => {
    await saveSeriesDraft({ id: SERIES_ID, name: '  Space facts ', wizard_step: 1, hashtags: ['space'] });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ id: SERIES_ID, name: 'Space facts', status: 'draft', wizard_step: 1, hashtags: ['#space'], syncStatus: 'pending' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'series.create', method: 'POST', url: '/api/series', entityKey: `series:${SERIES_ID}` });
    expect(item?.body).toMatchObject({ id: SERIES_ID, name: 'Space facts', status: 'draft', wizard_step: 1, hashtags: ['#space'] });
  });

  it('saving the same draft again is a PUT (a second POST of the id would change nothing)', async () => {
    const server = seriesServer();
    await saveSeriesDraft({ id: SERIES_ID, name: 'Space facts' });
    await drain(server.send);
    expect(await db.series.get(SERIES_ID)).toMatchObject({ syncStatus: 'synced', updated_at: '2026-11-02T00:00:00.000Z' });
    await saveSeriesDraft({ id: SERIES_ID, name: 'Space facts', wizard_step: 2 });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'series.update', method: 'PUT', url: `/api/series/${SERIES_ID}` });
    expect(item?.body).toMatchObject({ name: 'Space facts', wizard_step: 2, status: 'draft' });
    expect(item?.body).not.toHaveProperty('id');
  });

  it('starting a saved draft PUTs status active; the answer replaces the row once delivered', async () => {
    const server = seriesServer();
    await storeSeries(serverSeries(SERIES_ID, { status: 'draft' }));
    await startSeries({ id: SERIES_ID, name: 'Space facts', cadence: { days: [1], times: ['09:00'] }, time_zone: 'Europe/Berlin' });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ status: 'active', cadence: { days: [1], times: ['09:00'], per_day: null }, syncStatus: 'pending' });
    await drain(server.send);
    expect(server.applied.map((request) => [request.method, (request.body as { status?: string }).status])).toEqual([['PUT', 'active']]);
    expect(await db.series.get(SERIES_ID)).toMatchObject({ status: 'active', syncStatus: 'synced', updated_at: '2026-11-03T00:00:00.000Z' });
  });

  it('a PUT carries only the fields given: the schema\'s defaults do not reset the saved wizard step', async () => {
    await storeSeries(serverSeries(SERIES_ID, { status: 'draft', wizard_step: 4 }));
    await startSeries({ id: SERIES_ID, name: 'Space facts' });
    const [item] = await db.outbox.toArray();
    expect(item?.body).toEqual({ name: 'Space facts', status: 'active' });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ wizard_step: 4, status: 'active' });
  });

  it('an invalid start is refused on the device (the schema is the server\'s), nothing queued', async () => {
    await expect(startSeries({ id: SERIES_ID, name: '' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.series.count()).toBe(0);
  });
});

describe('updateSeries', () => {
  it('pausing shows at once (no next slot) and a refused change is badged, then discarding restores the row', async () => {
    const server = seriesServer(() => ({ type: 'status', status: 422, body: { message: 'The status is invalid.', errors: { status: ['The status is invalid.'] } } }));
    await storeSeries(serverSeries(SERIES_ID));
    await updateSeries(SERIES_ID, { status: 'paused' });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ status: 'paused', stats: { next_slot_at: null }, syncStatus: 'pending' });
    await drain(server.send);
    const failed = await db.series.get(SERIES_ID);
    expect(failed).toMatchObject({ status: 'paused', syncStatus: 'failed', syncError: 'The status is invalid.' });
    await discardChange(failed!.failedOutboxId!);
    expect(await db.series.get(SERIES_ID)).toMatchObject({ status: 'active', stats: { next_slot_at: '2026-12-04T17:00:00.000Z' }, syncStatus: 'synced' });
  });

  it('sends only the fields given, normalised by the contract', async () => {
    await storeSeries(serverSeries(SERIES_ID));
    await updateSeries(SERIES_ID, { name: ' New name ', hashtags: ['facts'] });
    const [item] = await db.outbox.toArray();
    expect(item?.body).toEqual({ name: 'New name', hashtags: ['#facts'] });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ name: 'New name', hashtags: ['#facts'], description: 'One surprising fact about space.' });
  });
});

describe('deleteSeries', () => {
  it('removes the series at once, holds the DELETE for the undo window, and Undo brings it back', async () => {
    await storeSeries(serverSeries(SERIES_ID));
    const deleted = await deleteSeries(SERIES_ID);
    expect(await db.series.get(SERIES_ID)).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'series.delete', method: 'DELETE', url: `/api/series/${SERIES_ID}` });
    expect(item!.nextAttemptAt).toBeGreaterThan(Date.now());
    // A drain now sends nothing: the DELETE waits for the Undo window.
    const server = seriesServer();
    await drain(server.send);
    expect(server.requests).toHaveLength(0);
    expect(await undoDeleteSeries(deleted)).toBe(true);
    expect(await db.series.get(SERIES_ID)).toMatchObject({ name: 'Space facts', syncStatus: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('Undo after the DELETE went out says it is too late', async () => {
    await storeSeries(serverSeries(SERIES_ID));
    const deleted = await deleteSeries(SERIES_ID);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drain(seriesServer().send);
    await expect(undoDeleteSeries(deleted)).rejects.toBeInstanceOf(UndoTooLateError);
  });

  it('a draft that never left the device is dropped without a request', async () => {
    await saveSeriesDraft({ id: SERIES_ID, name: 'Only here' });
    await deleteSeries(SERIES_ID);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.series.count()).toBe(0);
  });
});

describe('episodes', () => {
  it('approve shows the episode scheduled at once and queues the approve under the series', async () => {
    const server = seriesServer();
    await storeSeries(serverSeries(SERIES_ID), [serverEpisode('e1', SERIES_ID, { status: 'awaiting_review' })]);
    await approveEpisode(SERIES_ID, 'e1');
    expect(await db.seriesEpisodes.get('e1')).toMatchObject({ status: 'scheduled' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'series.episode.approve', method: 'POST', url: `/api/series/${SERIES_ID}/episodes/e1/approve`, entityKey: `series:${SERIES_ID}` });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ syncStatus: 'pending' });
    await drain(server.send);
    expect(await db.seriesEpisodes.get('e1')).toMatchObject({ status: 'scheduled', updated_at: '2026-11-21T00:00:00.000Z' });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ syncStatus: 'synced' });
  });

  it('reject needs a note, sends it, and shows the episode being made again', async () => {
    await storeSeries(serverSeries(SERIES_ID), [serverEpisode('e1', SERIES_ID, { status: 'awaiting_review' })]);
    await expect(rejectEpisode(SERIES_ID, 'e1', '  ')).rejects.toThrow('Say in a few words what to change.');
    expect(await db.outbox.count()).toBe(0);
    await rejectEpisode(SERIES_ID, 'e1', 'Shorter intro, please');
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'series.episode.reject', url: `/api/series/${SERIES_ID}/episodes/e1/reject`, body: { note: 'Shorter intro, please' } });
    expect(await db.seriesEpisodes.get('e1')).toMatchObject({ status: 'planned', review_note: 'Shorter intro, please' });
  });

  it('discarding a refused review puts the episode back as it was', async () => {
    const server = seriesServer(() => ({ type: 'status', status: 409, body: { message: 'The episode is no longer awaiting review.' } }));
    await storeSeries(serverSeries(SERIES_ID), [serverEpisode('e1', SERIES_ID, { status: 'awaiting_review' })]);
    await approveEpisode(SERIES_ID, 'e1');
    await drain(server.send);
    const failed = await db.series.get(SERIES_ID);
    expect(failed).toMatchObject({ syncStatus: 'failed', syncError: 'The episode is no longer awaiting review.' });
    await discardChange(failed!.failedOutboxId!);
    expect(await db.seriesEpisodes.get('e1')).toMatchObject({ status: 'awaiting_review' });
    expect(await db.series.get(SERIES_ID)).toMatchObject({ syncStatus: 'synced' });
  });

  it('asking for the next or a sample episode queues its POST; the answer lands in the timeline', async () => {
    const server = seriesServer();
    await storeSeries(serverSeries(SERIES_ID));
    await generateNextEpisode(SERIES_ID);
    await requestSampleEpisode(SERIES_ID);
    expect((await db.outbox.toArray()).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).map((item) => [item.method, item.url])).toEqual([
      ['POST', `/api/series/${SERIES_ID}/generate-next`],
      ['POST', `/api/series/${SERIES_ID}/sample`],
    ]);
    await drain(server.send);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drain(server.send);
    expect(server.applied).toHaveLength(2);
    expect(await db.seriesEpisodes.get('new-episode')).toMatchObject({ series_id: SERIES_ID, sample: true });
  });
});

describe('pulls', () => {
  it('fill the series and their episodes, newest first, and timeline order puts samples first', async () => {
    const urls: string[] = [];
    const get: HttpGet = (url) => {
      urls.push(url);
      if (url.startsWith('/api/series?')) return Promise.resolve({ status: 200, body: page([serverSeries('s2', { created_at: '2026-11-05T00:00:00.000Z' }), serverSeries('s1')]) });
      if (url.startsWith('/api/series/s1/episodes')) {
        return Promise.resolve({
          status: 200,
          body: page([
            serverEpisode('late', 's1', { slot_at: '2026-11-21T17:00:00.000Z' }),
            serverEpisode('early', 's1', { slot_at: '2026-11-19T17:00:00.000Z' }),
            serverEpisode('sample', 's1', { slot_at: null, sample: true }),
          ]),
        });
      }
      return Promise.resolve({ status: 200, body: page([]) });
    };
    await createSeriesSync(get).run();
    await createSeriesEpisodesSync(get).run();
    expect((await seriesNewestFirst()).map((series) => series.id)).toEqual(['s2', 's1']);
    expect((await episodesOfSeries('s1')).map((episode) => episode.id)).toEqual(['sample', 'late', 'early']);
    expect(urls).toContain('/api/series?page=1&per_page=100');
    expect(urls.some((url) => url.startsWith('/api/series/s2/episodes?'))).toBe(true);
  });

  it('keep a series and an episode with changes waiting in the outbox, and read a 404 series as no episodes', async () => {
    await storeSeries(serverSeries(SERIES_ID), [serverEpisode('e1', SERIES_ID, { status: 'awaiting_review' })]);
    await approveEpisode(SERIES_ID, 'e1');
    const get: HttpGet = (url) => {
      if (url.startsWith('/api/series?')) return Promise.resolve({ status: 200, body: page([]) });
      if (url.includes('/episodes')) return Promise.resolve({ status: 200, body: page([serverEpisode('e1', SERIES_ID, { status: 'awaiting_review' })]) });
      return Promise.resolve({ status: 404, body: { message: 'Not found.' } });
    };
    await createSeriesSync(get).run();
    await createSeriesEpisodesSync(get).run();
    expect(await db.series.get(SERIES_ID)).toMatchObject({ syncStatus: 'pending' });
    expect(await db.seriesEpisodes.get('e1')).toMatchObject({ status: 'scheduled' });
    const missing: HttpGet = (url) => Promise.resolve(url.includes('/episodes') ? { status: 404, body: { message: 'Not found.' } } : { status: 200, body: page([]) });
    await db.outbox.clear();
    await createSeriesEpisodesSync(missing).run();
    expect(await db.seriesEpisodes.count()).toBe(0);
  });
});
