// The series screens' live reads of the local store: each re-renders when a pull or a change
// writes the rows. `undefined` while the first read is under way (the screens show "Loading"), so
// "not loaded yet" is never mistaken for "none". Hooks live here, beside the screens, because the
// data/ folder is React-free (the service worker imports it).
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalSeries, SeriesEpisodeRow } from '../../store';
import { episodesOfSeries, seriesById, seriesNewestFirst } from './data/series-queries';

/** Every series on this device, newest first. */
export function useSeriesList(): LocalSeries[] | undefined {
  return useLiveQuery(seriesNewestFirst, []);
}

/** One series: undefined while loading, null when this device does not have it. */
export function useSeries(id: string | null | undefined): LocalSeries | null | undefined {
  return useLiveQuery(async () => (await seriesById(id)) ?? null, [id]);
}

/** The series' timeline, samples first, then the latest slot first. */
export function useSeriesEpisodes(id: string | null | undefined): SeriesEpisodeRow[] | undefined {
  return useLiveQuery(() => (id ? episodesOfSeries(id) : Promise.resolve([])), [id]);
}
