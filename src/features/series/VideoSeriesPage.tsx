import { ComingLater } from '../../ui/PageFrame';

export function VideoSeriesPage() {
  return <ComingLater title="Video series" />;
}
