// The editor's one call outside the outbox: loading a video's timeline, through the app's HTTP
// client (token and CSRF added by its interceptors). Saves and render requests go through the
// outbox (editor-sync.ts). No React.
import { api } from '../../../api';
import type { EditorDraftRow } from '../../../store/db';
import { checkedTimelineResponse, storeFetchedTimeline } from './drafts';

/**
 * GET /api/ai-videos/{id}/timeline and keep it as the video's draft (see storeFetchedTimeline: a
 * draft with unsaved edits is never overwritten). Rejects like any API call when offline or
 * refused; the draft already on this device stays usable.
 */
export async function loadTimeline(videoId: string): Promise<EditorDraftRow> {
  const response = await api.get<unknown>(`/api/ai-videos/${encodeURIComponent(videoId)}/timeline`);
  return storeFetchedTimeline(checkedTimelineResponse(response.data));
}

/**
 * DELETE /api/ai-videos/{id}/versions/{n} (online only: throwing a rendered file away is not queued
 * offline), then the timeline again so the versions list on this device drops it.
 */
export async function deleteVersion(videoId: string, version: number): Promise<EditorDraftRow> {
  await api.delete(`/api/ai-videos/${encodeURIComponent(videoId)}/versions/${encodeURIComponent(String(version))}`);
  return loadTimeline(videoId);
}
