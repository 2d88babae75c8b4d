import { ComingLater } from '../../ui/PageFrame';

export function EditorPage() {
  return <ComingLater title="Editor" />;
}
