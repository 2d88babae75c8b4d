// One video in the editor: its draft on this device (watched live), loaded from the server when
// online; the states before a draft exists; the workspace once it does.
import { useMediaQuery } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { useOnline } from '../../../ui/useOnline';
import { editorDraft } from '../data';
import { EditorSkeleton, EditorUnavailable } from './EditorStates';
import { EditorWorkspace } from './EditorWorkspace';
import { useTimelineLoad } from './useTimelineLoad';

export function EditorScreen({ videoId }: { videoId: string }) {
  // null while the first read of the table is pending; undefined: no draft here.
  const draft = useLiveQuery(() => editorDraft(videoId), [videoId], null);
  const load = useTimelineLoad(videoId, draft);
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
  if (draft === null) return <EditorSkeleton />;
  if (draft === undefined) {
    if (load.kind === 'refused') return <EditorUnavailable offline={false} message={load.message} />;
    if (load.kind === 'offline' || !online) return <EditorUnavailable offline message={null} />;
    return <EditorSkeleton />;
  }
  // A draft is editable even when the server refuses now (offline, or it went away): its saves wait.
  return <EditorWorkspace key={videoId} draft={draft} phone={phone} musicSrc={draft.server.music_src ?? null} />;
}
