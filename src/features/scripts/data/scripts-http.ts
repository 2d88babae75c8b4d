// The scripts screens' calls to the server that are not offline-first changes (those are the
// outbox kinds in scripts.ts): which writer is configured, and generating a script. No React.
import type { ScriptWriterInfo } from '../../../../contract';
import { api, emitUnauthenticated, getStoredToken } from '../../../api';
import { prefetchable } from '../../../api/prefetch';
import { DEFAULT_SCRIPT_LANGUAGE } from './scripts';

/** GET /api/script-writer: the configured writer and the languages it writes. */
export async function fetchScriptWriter(): Promise<ScriptWriterInfo> {
  return (await api.get<ScriptWriterInfo>('/api/script-writer')).data;
}

/**
 * The writer asked for while the scripts screen's chunk downloads (the route's `prefetch`,
 * src/app/router.tsx): the offline writer's note and the language list are then right at the
 * generate panel's first render instead of changing a moment after it.
 */
export const prefetchedScriptWriter = prefetchable(fetchScriptWriter);

export interface GenerateScriptRequest {
  prompt: string;
  video_duration: number | string;
  language?: string;
  /** Sent as Idempotency-Key: a retry with the same key is answered from the first, never charged twice. */
  idempotencyKey?: string;
}

/** POST /api/generate-script. Requires a stored token (spec §5): without one the app is sent to
 *  /login (unauthenticated event) and the call rejects with "Authentication required". */
export async function generateScript({ prompt, video_duration, language = DEFAULT_SCRIPT_LANGUAGE, idempotencyKey }: GenerateScriptRequest): Promise<Record<string, unknown>> {
  if (!getStoredToken()) {
    emitUnauthenticated();
    throw new Error('Authentication required');
  }
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return (await api.post<Record<string, unknown>>('/api/generate-script', { prompt, video_duration, language }, headers ? { headers } : undefined)).data;
}
