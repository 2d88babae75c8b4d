import { ComingLater } from '../../ui/PageFrame';

export function CreditsHistoryPage() {
  return <ComingLater title="Credits history" />;
}
