import { ComingLater } from '../../ui/PageFrame';

export function SeriesSettingPage() {
  return <ComingLater title="Series settings" />;
}
