// Server-shaped series and episodes for the series tests, and a series stored as if pulled.
import type { Series, SeriesEpisode } from '../../../contract';
import { toLocalSeries } from '../../../src/features/series/data/series-sync';
import { db } from '../../../src/store';

export const SERIES_ID = '6f1c2c1e-7c1a-4b8e-9d47-0f6a3c2b1a01';

export function serverSeries(id: string, fields: Partial<Series> = {}): Series {
  return {
    id,
    name: 'Space facts',
    description: 'One surprising fact about space.',
    tags: ['space'],
    hashtags: ['#space'],
    status: 'active',
    attention: null,
    wizard_step: 5,
    topic: { mode: 'niche', niche: 'space facts' },
    style: null,
    cadence: { days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00'], per_day: null },
    time_zone: 'Europe/Berlin',
    destinations: { account_ids: [], options: {} },
    review_mode: 'review',
    lead_hours: 6,
    weekly_credit_cap: null,
    never_again: [],
    stats: { next_slot_at: '2026-12-04T17:00:00.000Z', episodes_this_month: 3, credits_this_week: 40, estimated_credits_per_week: 140 },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export function serverEpisode(id: string, seriesId: string, fields: Partial<SeriesEpisode> = {}): SeriesEpisode {
  return {
    id,
    series_id: seriesId,
    slot_at: '2026-11-20T17:00:00.000Z',
    status: 'published',
    reason: null,
    topic: 'Why Venus spins backwards',
    title: 'Venus spins backwards',
    video_id: null,
    credits: 20,
    review_note: null,
    sample: false,
    posts: [],
    created_at: '2026-11-20T11:00:00.000Z',
    updated_at: '2026-11-20T17:00:00.000Z',
    ...fields,
  };
}

/** A series (and its episodes) on this device as a pull leaves them. */
export async function storeSeries(series: Series, episodes: SeriesEpisode[] = []): Promise<void> {
  await db.series.put(toLocalSeries(series));
  if (episodes.length > 0) await db.seriesEpisodes.bulkPut(episodes);
}

export function page<T>(data: T[]) {
  return { data, current_page: 1, last_page: 1, per_page: 100, total: data.length, from: data.length ? 1 : null, to: data.length || null };
}
