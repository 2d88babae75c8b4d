import { ComingLater } from '../../ui/PageFrame';

export function MyScriptsPage() {
  return <ComingLater title="My scripts" />;
}
