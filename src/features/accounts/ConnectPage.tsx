import { ComingLater } from '../../ui/PageFrame';

export function ConnectPage() {
  return <ComingLater title="Connect accounts" />;
}
