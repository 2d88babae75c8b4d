import { ComingLater } from '../../ui/PageFrame';

export function PublishPage() {
  return <ComingLater title="Publish" />;
}
