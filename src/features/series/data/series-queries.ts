// STAND-IN until the series data layer lands (its own series-queries.ts replaces this file, with
// this exact name): one series as the screens read it. The real layer reads the series table on
// the device; this one asks the server once per id and keeps the answer in memory.
// The hook is the stand-in's only React (the real layer owns how it reads); hence the exception.
// eslint-disable-next-line no-restricted-imports
import { useEffect, useState } from 'react';
import type { Series } from '../../../../contract/series';
import { api } from '../../../api';

const cache = new Map<string, Series | null>();

async function fetchSeries(id: string): Promise<Series | null> {
  try {
    const { data } = await api.get<Series>(`/api/series/${encodeURIComponent(id)}`, { rawError: true });
    return data;
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status === 404 || status === 403) return null;
    throw error;
  }
}

/** The series, undefined while loading, null when this creator has no series with that id. */
export function useSeries(id: string): Series | null | undefined {
  const [series, setSeries] = useState<Series | null | undefined>(() => cache.get(id));
  useEffect(() => {
    let current = true;
    setSeries(cache.get(id));
    fetchSeries(id)
      .then((found) => {
        cache.set(id, found);
        if (current) setSeries(found);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [id]);
  return series;
}
