import { ComingLater } from '../../ui/PageFrame';

export function UserProfilePage() {
  return <ComingLater title="Profile" />;
}
