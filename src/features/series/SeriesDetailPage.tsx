import { ComingLater } from '../../ui/PageFrame';

export function SeriesDetailPage() {
  return <ComingLater title="Series details" />;
}
