// The transcription screens' own reads from the server, through the app's HTTP client (token and
// CSRF added by its interceptors) adapted to the pull's GET; the URLs themselves are built in
// transcription-sync.ts. No React.
import { api } from '../../../api';
import { axiosGet } from '../../../sync/transport';
import type { LocalTranscription } from '../../../store/db';
import { loadTranscriptionWords, reloadTranscriptionFromServer } from './transcription-sync';

/** Fetch one transcription whole (its words) and keep it (see loadTranscriptionWords). */
export function loadWordsFromServer(id: string): Promise<LocalTranscription | null> {
  return loadTranscriptionWords(axiosGet(api), id);
}

/** After a refused edit: drop the queued edits and take the server's version (see reloadTranscriptionFromServer). */
export function reloadFromServer(id: string): Promise<LocalTranscription> {
  return reloadTranscriptionFromServer(axiosGet(api), id);
}
