// The series domain's public data API: what other features (Home's "Needs you") and the app wiring
// may use. The screens of this feature use the modules directly. No React.
export {
  SERIES_COLLECTION,
  SERIES_EPISODES_COLLECTION,
  SERIES_KINDS,
  seriesEntityKey,
  isSeries,
  isSeriesEpisode,
  toLocalSeries,
  refreshSeries,
  fetchAllSeries,
  fetchAllEpisodes,
  createSeriesSync,
  createSeriesEpisodesSync,
} from './series-sync';
export { seriesNewestFirst, seriesById, episodesOfSeries, seriesNeedingAttention } from './series-queries';
