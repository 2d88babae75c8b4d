import { ComingLater } from '../../ui/PageFrame';

export function FacelessVideoPage() {
  return <ComingLater title="Faceless video" />;
}
