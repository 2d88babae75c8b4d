// The series calls of the many-processes series run, as the PWA makes them (contract/series.ts):
// create a started series, read it and its episodes, upload a music track. Every write carries an
// Idempotency-Key, like the outbox's.
import { randomUUID } from 'node:crypto';
import type { Series, SeriesEpisode, CreateSeriesRequest } from '../../contract/series';
import type { FailedJob } from '../../contract/publishing';
import type { MusicTrack } from '../../contract/videos';
import { HttpError, type Creator } from './api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

async function json<T>(response: Response, expected: number[], what: string): Promise<T> {
  const body = await response.text();
  if (!expected.includes(response.status)) throw new HttpError(`${what}: expected ${expected.join(' or ')}, got ${response.status} ${body.slice(0, 400)}`);
  return JSON.parse(body) as T;
}

export async function createSeries(base: string, creator: Creator, body: CreateSeriesRequest & { id: string }): Promise<Series> {
  const response = await fetch(`${base}/api/series`, {
    method: 'POST',
    headers: { ...bearer(creator.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return json<Series>(response, [201], `create series for ${creator.label}`);
}

export async function showSeries(base: string, creator: Creator, id: string): Promise<Series> {
  return json<Series>(await fetch(`${base}/api/series/${id}`, { headers: bearer(creator.token) }), [200], `GET series ${id}`);
}

export async function listEpisodes(base: string, creator: Creator, seriesId: string): Promise<SeriesEpisode[]> {
  const episodes: SeriesEpisode[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${base}/api/series/${seriesId}/episodes?per_page=100&page=${page}`, { headers: bearer(creator.token) });
    const answer = await json<{ data: SeriesEpisode[]; last_page: number }>(response, [200], `GET episodes of ${seriesId}`);
    episodes.push(...answer.data);
    if (page >= answer.last_page) return episodes;
  }
}

export async function failedJobs(base: string, creator: Creator): Promise<FailedJob[]> {
  const response = await fetch(`${base}/api/get/failed-jobs?per_page=100`, { headers: bearer(creator.token) });
  return (await json<{ data: FailedJob[] }>(response, [200], 'GET failed jobs')).data;
}

/** POST /api/upload-music with a WAV, as the music picker uploads one. */
export async function uploadMusic(base: string, creator: Creator, wav: Buffer, title: string): Promise<MusicTrack> {
  const form = new FormData();
  form.set('title', title);
  form.set('music', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'bed.wav');
  const response = await fetch(`${base}/api/upload-music`, { method: 'POST', headers: { ...bearer(creator.token), 'idempotency-key': randomUUID() }, body: form });
  return json<MusicTrack>(response, [200, 201], 'upload music');
}
