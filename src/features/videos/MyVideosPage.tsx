import { ComingLater } from '../../ui/PageFrame';

export function MyVideosPage() {
  return <ComingLater title="My videos" />;
}
