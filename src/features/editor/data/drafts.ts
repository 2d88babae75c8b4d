// The editor's local drafts: one row per video in Dexie (editorDrafts) holding the server's
// timeline as last loaded or saved, the working copy, its undo history and the revision it is based
// on. Every action writes the draft and queues its save in one transaction, so an edit is kept the
// moment it is made — across a reload, offline, or with the tab closed (the service worker sends
// it). No React: the screens watch `editorDraft` with useLiveQuery and call these actions.
import { timelineDocument, type Timeline, type TimelineResponse } from '../../../../contract';
import { db, type EditorDraftRow } from '../../../store/db';
import { appOutbox, currentOutboxOwner } from '../../../sync/engine';
import { emptyHistory, recordEdit, recordReplacement, redoStep, undoStep, type EditHistory } from './history';
import { isTimelineResponse, renderVersionMutation, saveTimelineMutation, savesOf, writeDraft, type SaveTimelinePayload } from './editor-sync';
import { sameJson } from './timeline-equal';

/** Why a draft action cannot be done (no draft here, signed out, a render of an unknown revision…). */
export class EditorDraftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditorDraftError';
  }
}

async function signedInUser(): Promise<string> {
  const owner = await currentOutboxOwner();
  if (!owner) throw new EditorDraftError('Sign in to edit your videos.');
  return owner;
}

async function draftOf(videoId: string, ownerId: string): Promise<EditorDraftRow> {
  const draft = await db.editorDrafts.get(videoId);
  if (!draft || draft.ownerId !== ownerId) throw new EditorDraftError('This video’s timeline is not on this device yet: open it while online once.');
  return draft;
}

function historyOf(draft: EditorDraftRow): EditHistory<Timeline> {
  return { past: draft.past, future: draft.future, lastEdit: draft.lastEdit };
}

/**
 * Queue the save of the draft's working copy (inside a draft write). A save that was never tried
 * takes the new body (same If-Match); one that was tried or is being sent is left alone and a new
 * one waits behind it on the same base revision (editor-sync moves it on when the first is
 * delivered); saves the server refused are replaced. Returns whether a save now waits.
 */
async function queueSave(draft: EditorDraftRow): Promise<boolean> {
  const saves = await savesOf(draft.videoId);
  for (const refused of saves.filter((save) => save.status === 'failed')) await appOutbox.discard(refused.id);
  const open = saves.filter((save) => save.status !== 'failed');
  const last = open.at(-1);
  if (!last && sameJson(draft.timeline, draft.server.timeline)) return false;
  const untried = last !== undefined && last.attempts === 0 && (last.status === 'pending' || last.status === 'auth-required');
  if (untried && open.length === 1 && (last.payload as SaveTimelinePayload).revision === draft.server.revision && sameJson(draft.timeline, draft.server.timeline)) {
    // Undone back to what the server holds before the save went: there is nothing left to send.
    await appOutbox.discard(last.id);
    return false;
  }
  if (untried) {
    const payload: SaveTimelinePayload = { ...(last.payload as SaveTimelinePayload), timeline: draft.timeline };
    await db.outbox.update(last.id, { payload, body: saveTimelineMutation.toRequest(payload).body });
    return true;
  }
  const revision = last ? (last.payload as SaveTimelinePayload).revision : draft.revision;
  await appOutbox.enqueue(saveTimelineMutation, { videoId: draft.videoId, revision, timeline: draft.timeline });
  return true;
}

/** Store a new working copy (and history) and queue its save, unless a conflict waits for the creator. */
async function commit(draft: EditorDraftRow, timeline: Timeline, history: EditHistory<Timeline>): Promise<EditorDraftRow> {
  const next: EditorDraftRow = { ...draft, ...history, timeline, saveError: null, updatedAt: new Date().toISOString() };
  // While a conflict is open nothing is saved: a save would be refused again; resolveConflict sends it.
  const waiting = next.conflict ? false : await queueSave(next);
  next.dirty = next.conflict !== null || waiting || !sameJson(timeline, next.server.timeline);
  await db.editorDrafts.put(next);
  return next;
}

export interface EditOptions {
  /** What the edit changes (e.g. `text:<sceneId>`): a burst of edits of one key is one undo step. */
  coalesce?: string;
  /** When it was made (ms; default now). */
  at?: number;
}

/**
 * Apply an edit (a function of timeline-edits.ts, or any Timeline → Timeline) to the working copy:
 * saved here at once, its save queued, one undo step. An edit that throws changes nothing (its
 * TimelineEditError reaches the caller); one that changes nothing adds no step.
 */
export async function edit(videoId: string, change: (timeline: Timeline) => Timeline, options: EditOptions = {}): Promise<Timeline> {
  const ownerId = await signedInUser();
  return writeDraft(async () => {
    const draft = await draftOf(videoId, ownerId);
    const next = change(draft.timeline);
    if (sameJson(next, draft.timeline)) return draft.timeline;
    const history = recordEdit(historyOf(draft), draft.timeline, { key: options.coalesce, at: options.at ?? Date.now() });
    return (await commit(draft, next, history)).timeline;
  });
}

/** Take back the last edit (false: nothing to undo). */
export async function undo(videoId: string): Promise<boolean> {
  const ownerId = await signedInUser();
  return writeDraft(async () => {
    const draft = await draftOf(videoId, ownerId);
    const step = undoStep(historyOf(draft), draft.timeline);
    if (!step) return false;
    await commit(draft, step.state, step.history);
    return true;
  });
}

/** Make the last undone edit again (false: nothing to redo). */
export async function redo(videoId: string): Promise<boolean> {
  const ownerId = await signedInUser();
  return writeDraft(async () => {
    const draft = await draftOf(videoId, ownerId);
    const step = redoStep(historyOf(draft), draft.timeline);
    if (!step) return false;
    await commit(draft, step.state, step.history);
    return true;
  });
}

/**
 * After a refused save (412): 'mine' saves the working copy over the server's revision; 'theirs'
 * takes the server's timeline as the working copy (one undo brings the creator's back). Nothing to
 * resolve: false.
 */
export async function resolveConflict(videoId: string, choice: 'mine' | 'theirs'): Promise<boolean> {
  const ownerId = await signedInUser();
  return writeDraft(async () => {
    const draft = await draftOf(videoId, ownerId);
    const current = draft.conflict;
    if (!current) return false;
    const rebased: EditorDraftRow = { ...draft, server: current, revision: current.revision, conflict: null };
    if (choice === 'mine') {
      await commit(rebased, draft.timeline, historyOf(draft));
      return true;
    }
    for (const save of await savesOf(videoId)) await appOutbox.discard(save.id);
    const history = recordReplacement(historyOf(draft), draft.timeline);
    await db.editorDrafts.put({ ...rebased, ...history, timeline: current.timeline, dirty: false, saveError: null, updatedAt: new Date().toISOString() });
    return true;
  });
}

/** Forget this device's draft of the video and its unsent saves (the server's timeline is loaded again next time). */
export async function discardDraft(videoId: string): Promise<void> {
  await writeDraft(async () => {
    for (const save of await savesOf(videoId)) await appOutbox.discard(save.id);
    await db.editorDrafts.delete(videoId);
  });
}

/**
 * Ask for a new version rendered from the saved `revision` at the price the creator was shown
 * (`credits`): an outbox request like any change, sent once (its Idempotency-Key) even if retried.
 */
export async function requestRender(videoId: string, revision: number, credits: number): Promise<void> {
  const ownerId = await signedInUser();
  if (!Number.isInteger(revision) || revision < 1) throw new EditorDraftError('Render a saved version of the timeline.');
  if (!Number.isInteger(credits) || credits < 0) throw new EditorDraftError('The price must be a whole number of credits.');
  await writeDraft(async () => {
    const draft = await draftOf(videoId, ownerId);
    if (revision > draft.revision) throw new EditorDraftError('That version of the timeline has not been saved yet.');
    await appOutbox.enqueue(renderVersionMutation, { videoId, revision, credits });
    await db.editorDrafts.put({ ...draft, renderError: null, updatedAt: new Date().toISOString() });
  });
}

/** A server answer checked before it becomes a draft: its shape, and a timeline the editor can read. */
export function checkedTimelineResponse(value: unknown): TimelineResponse {
  if (!isTimelineResponse(value)) throw new EditorDraftError('The server’s answer is not a timeline.');
  const parsed = timelineDocument.safeParse(value.timeline);
  if (!parsed.success) throw new EditorDraftError('This video’s timeline cannot be edited here: it does not match this version of the editor.');
  return { ...value, timeline: parsed.data };
}

/**
 * Keep a timeline fetched from the server. A new draft starts from it; a clean draft (nothing
 * unsaved, no conflict) takes it as its working copy (the one it replaces is an undo step away);
 * a draft with unsaved edits is never overwritten — only its signed asset URLs and its versions
 * are refreshed, and an open conflict is updated to the server's newest revision.
 */
export async function storeFetchedTimeline(fetched: TimelineResponse): Promise<EditorDraftRow> {
  const ownerId = await signedInUser();
  return writeDraft(async () => {
    const videoId = fetched.video_id;
    const draft = await db.editorDrafts.get(videoId);
    const at = new Date().toISOString();
    if (!draft || draft.ownerId !== ownerId) {
      const fresh: EditorDraftRow = {
        videoId,
        ownerId,
        server: fetched,
        timeline: fetched.timeline,
        ...emptyHistory<Timeline>(),
        revision: fetched.revision,
        dirty: false,
        conflict: null,
        saveError: null,
        renderError: null,
        updatedAt: at,
      };
      await db.editorDrafts.put(fresh);
      return fresh;
    }
    const clean = !draft.dirty && draft.conflict === null && (await savesOf(videoId)).length === 0;
    let next: EditorDraftRow;
    if (clean && fetched.revision >= draft.revision) {
      const history = sameJson(draft.timeline, fetched.timeline) ? historyOf(draft) : recordReplacement(historyOf(draft), draft.timeline);
      next = { ...draft, ...history, server: fetched, timeline: fetched.timeline, revision: fetched.revision, dirty: false, saveError: null, updatedAt: at };
    } else {
      const server = fetched.revision === draft.server.revision ? fetched : { ...draft.server, assets: { ...draft.server.assets, ...fetched.assets }, versions: fetched.versions };
      const conflict = draft.conflict && fetched.revision >= draft.conflict.revision ? fetched : draft.conflict;
      next = { ...draft, server, conflict, updatedAt: at };
    }
    await db.editorDrafts.put(next);
    return next;
  });
}
