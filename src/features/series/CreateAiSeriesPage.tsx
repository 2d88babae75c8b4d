import { ComingLater } from '../../ui/PageFrame';

export function CreateAiSeriesPage() {
  return <ComingLater title="Create AI series" />;
}
