// The schedule's import and export calls ("The schedule in and out"), through the app's
// HTTP client (bearer token, CSRF, 401 handling). They need the network: nothing here goes
// through the outbox — an import is checked by the server before anything is created.
import type { FeedTokenCreated, FeedTokenStatus, ImportPost, ImportPreviewResponse, ImportResponse } from '../../../../contract';
import { api, errorMessage } from '../../../api';
import { saveBlob } from '../../../ui/save-blob';
import { PUBLISHING_URLS } from './urls';

export const getFeedStatus = async () => (await api.get<FeedTokenStatus>(PUBLISHING_URLS.feedToken)).data;
export const createFeedUrl = async () => (await api.post<FeedTokenCreated>(PUBLISHING_URLS.feedToken, {})).data;
export const revokeFeedUrl = async () => (await api.delete<{ message: string; deleted: boolean }>(PUBLISHING_URLS.feedToken)).data;

export const previewImport = async (csv: string, timezone: string) => (await api.post<ImportPreviewResponse>(PUBLISHING_URLS.importPreview, { csv, timezone })).data;

/** All rows or none; the key makes a resent click (answer lost) harmless. */
export const importPosts = async (rows: ImportPost[], idempotencyKey: string) =>
  (await api.post<ImportResponse>(PUBLISHING_URLS.importPosts, { rows }, { headers: { 'Idempotency-Key': idempotencyKey } })).data;

/** A failed blob request rejects with the body as a Blob: read the server's message out of it. */
async function blobFailure(error: unknown): Promise<string> {
  if (error instanceof Blob) {
    try {
      return errorMessage(JSON.parse(await error.text()), 'The download failed.');
    } catch {
      return 'The download failed.';
    }
  }
  return errorMessage(error, 'The download failed.');
}

/** GET /api/schedule/export.csv with the bearer token, saved by the browser under the server's name. */
export async function downloadScheduleCsv(): Promise<void> {
  let response;
  try {
    response = await api.get<Blob>(PUBLISHING_URLS.exportCsv, { responseType: 'blob', headers: { Accept: 'text/csv' } });
  } catch (error) {
    throw new Error(await blobFailure(error), { cause: error });
  }
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'reelflow-schedule.csv';
  saveBlob(response.data, name);
}
