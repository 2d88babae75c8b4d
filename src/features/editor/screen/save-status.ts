// The words of the editor's save status, from the draft and the connection. Pure, so the top bar
// and its tests agree on what each state says.
import type { EditorDraftRow } from '../data';

export type SaveStatus =
  | { kind: 'saved'; label: 'Saved' }
  | { kind: 'saving'; label: 'Saving…' }
  | { kind: 'offline'; label: 'Saved on this device — will sync when online' }
  | { kind: 'conflict'; label: 'Changed elsewhere' }
  | { kind: 'refused'; label: string };

export function saveStatus(draft: Pick<EditorDraftRow, 'dirty' | 'conflict' | 'saveError'>, online: boolean): SaveStatus {
  if (draft.conflict) return { kind: 'conflict', label: 'Changed elsewhere' };
  if (draft.saveError) return { kind: 'refused', label: `Not saved: ${draft.saveError}` };
  if (!draft.dirty) return { kind: 'saved', label: 'Saved' };
  return online ? { kind: 'saving', label: 'Saving…' } : { kind: 'offline', label: 'Saved on this device — will sync when online' };
}
