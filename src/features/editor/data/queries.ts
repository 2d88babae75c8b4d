// The editor's named reads. Screens watch them with useLiveQuery, so a draft changes on screen as
// edits, saves and conflicts write it (from this tab or the service worker). No React.
import { db, type EditorDraftRow } from '../../../store/db';
import { currentOutboxOwner } from '../../../sync/engine';
import { canRedo, canUndo } from './history';

/** The signed-in user's draft of the video on this device, or undefined (load it with loadTimeline). */
export async function editorDraft(videoId: string | null | undefined): Promise<EditorDraftRow | undefined> {
  if (!videoId) return undefined;
  // The table is read first, so a live query watches it whatever the owner lookup does.
  const draft = await db.editorDrafts.get(videoId);
  if (!draft) return undefined;
  return draft.ownerId === (await currentOutboxOwner()) ? draft : undefined;
}

/** What the editor's toolbar needs to know about a draft. */
export interface DraftState {
  canUndo: boolean;
  canRedo: boolean;
  /** Edits not on the server yet (waiting in the outbox, or held by a conflict). */
  unsaved: boolean;
  /** The server refused a save because it holds a newer timeline: the creator must choose. */
  conflicted: boolean;
}

export function draftState(draft: EditorDraftRow): DraftState {
  return { canUndo: canUndo(draft), canRedo: canRedo(draft), unsaved: draft.dirty, conflicted: draft.conflict !== null };
}
