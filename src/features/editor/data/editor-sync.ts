// The editor's outbox kinds and what their outcomes do to the local draft. Saving a timeline is a
// PUT with `If-Match: "r<n>"` (the revision the working copy is based on); a render request is a
// POST of the revision to render. No React and no zod (types only from the contract): the service
// worker drains these kinds too (src/app/mutation-kinds.ts), and a delivery it makes must update the
// draft exactly as one made by the page.
//
// Saves are coalesced (drafts.ts queueSave): at most one save per video that was never tried waits
// in the outbox, and a new edit replaces its body. A save that already went out (or is going) is
// left alone and the next one waits behind it with the same base revision; when the first is
// delivered, the waiting one is moved on to the revision it produced — so two quick edits never
// refuse each other. A 412 ends every save of the video: the draft keeps the working copy and the
// server's timeline as `conflict` until the creator picks theirs or the server's.
import { Dexie } from 'dexie';
import type { TimelineConflict, TimelineResponse, VideoVersion } from '../../../../contract/timeline';
import { db, type EditorDraftRow } from '../../../store/db';
import { guardStorage } from '../../../store/storage-state';
import { appOutbox, onOutcome } from '../../../sync/engine';
import type { OutboxItem, OutboxResponse } from '../../../sync/outbox';
import { defineMutation } from '../../../sync/registry';
import { recordReplacement } from './history';
import { sameJson } from './timeline-equal';

export const timelineEntityKey = (videoId: string): string => `timeline:${videoId}`;
/** Renders have their own entity: a refused render must not hold the saves back, nor a save the render. */
export const videoVersionsEntityKey = (videoId: string): string => `video-versions:${videoId}`;

const timelineUrl = (videoId: string) => `/api/ai-videos/${encodeURIComponent(videoId)}/timeline`;

/** The ETag of a revision, as contract/timeline.ts `timelineEtag` writes it (kept here: no zod in the worker). */
export const revisionEtag = (revision: number): string => `"r${revision}"`;

export interface SaveTimelinePayload {
  videoId: string;
  /** The server revision this timeline was made on (sent as If-Match). */
  revision: number;
  timeline: EditorDraftRow['timeline'];
}

export interface RenderVersionPayload {
  videoId: string;
  revision: number;
  /** The price the creator was shown. */
  credits: number;
}

export const saveTimelineMutation = defineMutation({
  kind: 'editor.timeline.save',
  schemaVersion: 1,
  entityKey: (p: SaveTimelinePayload) => timelineEntityKey(p.videoId),
  toRequest: (p) => ({ method: 'PUT', url: timelineUrl(p.videoId), body: { timeline: p.timeline }, ifMatch: revisionEtag(p.revision) }),
});

export const renderVersionMutation = defineMutation({
  kind: 'editor.version.render',
  schemaVersion: 1,
  entityKey: (p: RenderVersionPayload) => videoVersionsEntityKey(p.videoId),
  toRequest: (p) => ({ method: 'POST', url: `/api/ai-videos/${encodeURIComponent(p.videoId)}/versions`, body: { revision: p.revision, credits: p.credits } }),
});

export const EDITOR_KINDS = [saveTimelineMutation.kind, renderVersionMutation.kind];

// --- reading answers ---------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A TimelineResponse, as far as the draft needs to trust it (its timeline is the server's own). */
export function isTimelineResponse(value: unknown): value is TimelineResponse {
  return (
    isRecord(value) &&
    typeof value.video_id === 'string' &&
    Number.isInteger(value.revision) &&
    isRecord(value.timeline) &&
    Array.isArray((value.timeline as { scenes?: unknown }).scenes) &&
    isRecord(value.assets) &&
    Array.isArray(value.versions)
  );
}

function isVideoVersion(value: unknown): value is VideoVersion {
  return isRecord(value) && Number.isInteger(value.version) && typeof value.status === 'string';
}

/** The version a render request answers with, bare or as `{version: …}`. */
function versionOf(body: unknown): VideoVersion | null {
  if (isVideoVersion(body)) return body;
  if (isRecord(body) && isVideoVersion(body.version)) return body.version;
  return null;
}

// --- the draft's saves in the outbox -----------------------------------------------------------

/** The tables a draft write locks: the drafts, the outbox, and the session (the outbox's owner). */
export function draftTables() {
  return [db.editorDrafts, db.outbox, db.session];
}

/** Run `write` in one transaction over the draft tables, surfacing a full disk. */
export function writeDraft<T>(write: () => Promise<T>): Promise<T> {
  return guardStorage(() => db.transaction('rw', draftTables(), write));
}

/** The video's undelivered saves, oldest first. */
export async function savesOf(videoId: string): Promise<OutboxItem[]> {
  const key = timelineEntityKey(videoId);
  const items = await db.outbox.where('[entityKey+createdAt]').between([key, Dexie.minKey], [key, Dexie.maxKey]).toArray();
  return items.filter((item) => item.kind === saveTimelineMutation.kind);
}

function now(): string {
  return new Date().toISOString();
}

/**
 * A save reached the server (2xx with the saved timeline). The draft is now based on the revision
 * it produced; saves waiting behind it on the same base move on to that revision; the working copy
 * is clean if it is what was saved and nothing else waits.
 */
async function saveDelivered(item: OutboxItem, response: OutboxResponse): Promise<void> {
  const payload = item.payload as SaveTimelinePayload;
  const saved = response.body;
  if (!isTimelineResponse(saved)) return;
  await writeDraft(async () => {
    const waiting = await savesOf(payload.videoId);
    for (const later of waiting) {
      const laterPayload = later.payload as SaveTimelinePayload;
      if (later.attempts > 0 || laterPayload.revision !== payload.revision) continue;
      const moved: SaveTimelinePayload = { ...laterPayload, revision: saved.revision };
      await db.outbox.update(later.id, { payload: moved, ifMatch: revisionEtag(saved.revision) });
    }
    const draft = await db.editorDrafts.get(payload.videoId);
    if (!draft || saved.revision < draft.revision) return;
    await db.editorDrafts.put({
      ...draft,
      server: saved,
      revision: saved.revision,
      dirty: waiting.length > 0 || !sameJson(draft.timeline, saved.timeline),
      saveError: null,
      updatedAt: now(),
    });
  });
}

/**
 * A save was refused. 412: the server holds another revision — every save of the video is dropped
 * (each was made on a revision that is gone) and the draft keeps the working copy with the server's
 * timeline as its conflict; when the two are the same there is nothing to choose. Any other refusal
 * stays in the outbox as failed (retry or discard) and its message is shown with the draft.
 */
async function saveFailed(item: OutboxItem, response?: OutboxResponse): Promise<void> {
  const payload = item.payload as SaveTimelinePayload;
  const current = response?.status === 412 && isRecord(response.body) ? (response.body as Partial<TimelineConflict>).current : undefined;
  if (!isTimelineResponse(current)) {
    await writeDraft(async () => {
      const draft = await db.editorDrafts.get(payload.videoId);
      if (draft) await db.editorDrafts.put({ ...draft, saveError: item.lastError ?? 'The server refused these changes.', updatedAt: now() });
    });
    return;
  }
  await writeDraft(async () => {
    for (const save of await savesOf(payload.videoId)) await appOutbox.discard(save.id);
    const draft = await db.editorDrafts.get(payload.videoId);
    if (!draft) return;
    if (sameJson(draft.timeline, current.timeline)) {
      await db.editorDrafts.put({ ...draft, server: current, revision: current.revision, dirty: false, conflict: null, saveError: null, updatedAt: now() });
      return;
    }
    await db.editorDrafts.put({ ...draft, conflict: current, dirty: true, saveError: null, updatedAt: now() });
  });
}

/** A failed save discarded (failed-changes list): the working copy goes back to the saved timeline, one undo away. */
async function saveDiscarded(item: OutboxItem): Promise<void> {
  const payload = item.payload as SaveTimelinePayload;
  const draft = await db.editorDrafts.get(payload.videoId);
  if (!draft || (await savesOf(payload.videoId)).length > 0) return;
  const history = recordReplacement(draft, draft.timeline);
  await db.editorDrafts.put({ ...draft, ...history, timeline: draft.server.timeline, revision: draft.server.revision, dirty: false, saveError: null, updatedAt: now() });
}

async function saveRetried(item: OutboxItem): Promise<void> {
  const payload = item.payload as SaveTimelinePayload;
  const draft = await db.editorDrafts.get(payload.videoId);
  if (draft) await db.editorDrafts.put({ ...draft, saveError: null, updatedAt: now() });
}

onOutcome(saveTimelineMutation.kind, {
  tables: () => [db.editorDrafts],
  delivered: saveDelivered,
  failed: saveFailed,
  retried: saveRetried,
  discarded: saveDiscarded,
  describe: () => 'Changes to a video in the editor',
});

// --- render requests ---------------------------------------------------------------------------

async function renderDelivered(item: OutboxItem, response: OutboxResponse): Promise<void> {
  const payload = item.payload as RenderVersionPayload;
  const version = versionOf(response.body);
  await writeDraft(async () => {
    const draft = await db.editorDrafts.get(payload.videoId);
    if (!draft) return;
    const versions = version
      ? [...draft.server.versions.filter((known) => known.version !== version.version), version].sort((a, b) => a.version - b.version)
      : draft.server.versions;
    await db.editorDrafts.put({ ...draft, server: { ...draft.server, versions }, renderError: null, updatedAt: now() });
  });
}

async function renderFailed(item: OutboxItem): Promise<void> {
  const payload = item.payload as RenderVersionPayload;
  await writeDraft(async () => {
    const draft = await db.editorDrafts.get(payload.videoId);
    if (draft) await db.editorDrafts.put({ ...draft, renderError: item.lastError ?? 'The server refused to render this version.', updatedAt: now() });
  });
}

async function renderSettled(item: OutboxItem): Promise<void> {
  const payload = item.payload as RenderVersionPayload;
  const draft = await db.editorDrafts.get(payload.videoId);
  if (draft) await db.editorDrafts.put({ ...draft, renderError: null, updatedAt: now() });
}

onOutcome(renderVersionMutation.kind, {
  tables: () => [db.editorDrafts],
  delivered: renderDelivered,
  failed: renderFailed,
  retried: renderSettled,
  discarded: renderSettled,
  describe: () => 'A new version of a video, rendered from the editor',
});
