// STAND-IN until the series data layer lands (its own series-mutations.ts replaces this file, with
// these exact names): the wizard's and the settings screen's writes, queued in the outbox so they
// work offline and reach the server with an Idempotency-Key. No local rows here: the real layer
// keeps the series table on the device; this one only queues the calls.
import type { CreateSeriesRequest, UpdateSeriesRequest } from '../../../../contract/series';
import { appOutbox } from '../../../sync/engine';
import { defineMutation } from '../../../sync/registry';

const seriesEntityKey = (id: string): string => `series:${id}`;

interface CreatePayload {
  request: CreateSeriesRequest & { id: string };
}
interface UpdatePayload {
  id: string;
  changes: UpdateSeriesRequest;
}

const createSeriesMutation = defineMutation({
  kind: 'series.create',
  schemaVersion: 1,
  entityKey: (p: CreatePayload) => seriesEntityKey(p.request.id),
  toRequest: (p) => ({ method: 'POST', url: '/api/series', body: { ...p.request } }),
});

const updateSeriesMutation = defineMutation({
  kind: 'series.update',
  schemaVersion: 1,
  entityKey: (p: UpdatePayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'PUT', url: `/api/series/${encodeURIComponent(p.id)}`, body: { ...p.changes } }),
});

const sampleEpisodeMutation = defineMutation({
  kind: 'series.sample',
  schemaVersion: 1,
  entityKey: (p: { id: string }) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `/api/series/${encodeURIComponent(p.id)}/sample` }),
});

/** Saves the wizard's draft (POST: the same id again leaves it unchanged, so later steps go through updateSeries). */
export async function saveSeriesDraft(input: CreateSeriesRequest & { id: string }): Promise<void> {
  await appOutbox.enqueue(createSeriesMutation, { request: { ...input, status: 'draft' } });
}

/** Creates the series already started (or, for a saved draft, the server answers 200 and the PUT starts it). */
export async function startSeries(input: CreateSeriesRequest & { id: string }): Promise<void> {
  await appOutbox.enqueue(createSeriesMutation, { request: { ...input, status: 'active' } });
  const { id: _id, status: _status, ...changes } = input;
  await appOutbox.enqueue(updateSeriesMutation, { id: input.id, changes: { ...changes, status: 'active' } });
}

export async function updateSeries(id: string, changes: UpdateSeriesRequest): Promise<void> {
  await appOutbox.enqueue(updateSeriesMutation, { id, changes });
}

export async function requestSampleEpisode(id: string): Promise<void> {
  await appOutbox.enqueue(sampleEpisodeMutation, { id });
}
