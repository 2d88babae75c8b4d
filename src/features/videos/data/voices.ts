// The voice lists, cached in the local store so the picker works offline: one
// `voices` row per provider from GET /api/voices, refreshed when a day old or on demand. Voice
// previews are fetched as audio and kept in memory as blob URLs (one per voice + text), so playing
// a voice twice downloads it once. No React and no DOM here (the service worker's program includes
// this folder): the page hands in its HTTP client (src/features/videos/voices/voices-http.ts).
import { AxiosError } from 'axios';
import type { AllVoicesResponse, SCRIPT_LANGUAGES, VoiceProviderId, VoicesResponse } from '../../../../contract';
import { DEFAULT_PREVIEW_TEXT, VOICE_PROVIDERS } from '../../../../contract';

type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];
import { errorMessage } from '../../../api/errors';
import { db, type ReelflowDB, type VoicesRow } from '../../../store/db';

/** Voice lists change rarely (a provider adds voices); a day keeps the picker fresh enough. */
export const VOICES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The two requests the voices make. Failures reject with the AxiosError itself (not the app
 * client's usual body rejection), so that "no connection" can be told from a refusal.
 */
export interface VoicesHttp {
  getJson<T>(url: string): Promise<T>;
  postForAudio(url: string, body: unknown): Promise<Blob>;
}

export const PREVIEW_OFFLINE_MESSAGE = 'Voice previews need a connection. Connect to the internet and try again.';
export const VOICES_OFFLINE_MESSAGE = 'You are offline; showing the voices saved on this device.';

function isVoicesResponse(value: unknown): value is VoicesResponse {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Partial<VoicesResponse>;
  return (
    typeof row.provider === 'string' &&
    (VOICE_PROVIDERS as readonly string[]).includes(row.provider) &&
    typeof row.label === 'string' &&
    typeof row.configured === 'boolean' &&
    Array.isArray(row.data)
  );
}

/** Providers in the contract's order (built-in first), whatever order the store returns. */
function inProviderOrder(rows: VoicesRow[]): VoicesRow[] {
  return [...rows].sort((a, b) => VOICE_PROVIDERS.indexOf(a.provider) - VOICE_PROVIDERS.indexOf(b.provider));
}

/** The cached lists, built-in first. */
export async function cachedVoices(database: ReelflowDB = db): Promise<VoicesRow[]> {
  return inProviderOrder(await database.voices.toArray());
}

/** True when the cache is empty or any list is older than `maxAgeMs`. */
export function voicesAreStale(rows: readonly VoicesRow[], now = Date.now(), maxAgeMs = VOICES_MAX_AGE_MS): boolean {
  if (rows.length === 0) return true;
  return rows.some((row) => {
    const fetched = Date.parse(row.fetchedAt);
    return !Number.isFinite(fetched) || now - fetched > maxAgeMs;
  });
}

export interface VoicesLoad {
  rows: VoicesRow[];
  /** Set when the server could not be asked (offline, error); the rows are then the cached ones. */
  problem: string | null;
}

/**
 * The voice lists: from the server when the cache is stale (or `force`), else from the cache. A
 * provider the server no longer lists is removed; a failed request keeps the cache and says why.
 */
export async function loadVoices(http: VoicesHttp, options: { force?: boolean; database?: ReelflowDB; now?: () => number } = {}): Promise<VoicesLoad> {
  const database = options.database ?? db;
  const now = options.now ?? Date.now;
  const cached = await cachedVoices(database);
  if (!options.force && !voicesAreStale(cached, now())) return { rows: cached, problem: null };
  try {
    const body = await http.getJson<AllVoicesResponse>('/api/voices');
    const providers = Array.isArray(body?.providers) ? body.providers.filter(isVoicesResponse) : [];
    if (providers.length === 0) throw new Error('The server sent no voice lists.');
    const fetchedAt = new Date(now()).toISOString();
    const rows: VoicesRow[] = providers.map((provider) => ({ ...provider, fetchedAt }));
    await database.transaction('rw', database.voices, async () => {
      await database.voices.clear();
      await database.voices.bulkPut(rows);
    });
    return { rows: inProviderOrder(rows), problem: null };
  } catch (error) {
    const offline = error instanceof AxiosError && error.response === undefined;
    const problem = offline
      ? VOICES_OFFLINE_MESSAGE
      : `The voice list could not be refreshed: ${errorMessage(error instanceof AxiosError ? error.response?.data : error, 'the server did not answer.')}`;
    return { rows: cached, problem };
  }
}

// --- previews --------------------------------------------------------------------------------

export interface PreviewRequest {
  provider: VoiceProviderId;
  voice_id: string;
  text?: string;
  language?: ScriptLanguage;
}

const previewUrls = new Map<string, Promise<string>>();

function previewKey(request: PreviewRequest): string {
  return JSON.stringify([request.provider, request.voice_id, request.text ?? DEFAULT_PREVIEW_TEXT, request.language ?? null]);
}

/** A 4xx/5xx answer of a blob request carries its JSON error body as a Blob: read its message. */
async function previewFailure(error: unknown): Promise<Error> {
  if (!(error instanceof AxiosError)) return new Error(errorMessage(error, 'The preview could not be played.'));
  if (error.response === undefined) return new Error(PREVIEW_OFFLINE_MESSAGE);
  const data: unknown = error.response.data;
  let body: unknown = data;
  if (data instanceof Blob) {
    try {
      body = JSON.parse(await data.text()) as unknown;
    } catch {
      body = null;
    }
  }
  return new Error(errorMessage(body, 'The preview could not be played. Try another voice.'));
}

async function fetchPreview(http: VoicesHttp, request: PreviewRequest): Promise<string> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error(PREVIEW_OFFLINE_MESSAGE);
  const text = request.text ?? DEFAULT_PREVIEW_TEXT;
  // Lemonfox keeps the spec's own call (spec §7); every other provider shares the general one.
  const [url, body] =
    request.provider === 'lemonfox'
      ? ['/api/lemonfox-preview', { voice_id: request.voice_id, text }]
      : ['/api/voices/preview', { provider: request.provider, voice_id: request.voice_id, text, ...(request.language ? { language: request.language } : {}) }];
  try {
    return URL.createObjectURL(await http.postForAudio(url, body));
  } catch (error) {
    throw await previewFailure(error);
  }
}

/**
 * A playable URL of the voice saying `text`. Cached in memory per voice + text; a failed fetch is
 * forgotten so that the next click tries again (e.g. after reconnecting).
 */
export function voicePreviewUrl(http: VoicesHttp, request: PreviewRequest): Promise<string> {
  const key = previewKey(request);
  const known = previewUrls.get(key);
  if (known) return known;
  const pending = fetchPreview(http, request);
  previewUrls.set(key, pending);
  pending.catch(() => previewUrls.delete(key));
  return pending;
}

/** Release every cached preview (sign-out, tests). */
export function forgetVoicePreviews(): void {
  for (const pending of previewUrls.values()) {
    pending.then((url) => URL.revokeObjectURL(url)).catch(() => undefined);
  }
  previewUrls.clear();
}
