import { ComingLater } from '../../ui/PageFrame';

export function SeriesEditMetaPage() {
  return <ComingLater title="Edit series details" />;
}
