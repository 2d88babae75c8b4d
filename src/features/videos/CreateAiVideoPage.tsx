import { ComingLater } from '../../ui/PageFrame';

export function CreateAiVideoPage() {
  return <ComingLater title="Create AI video" />;
}
