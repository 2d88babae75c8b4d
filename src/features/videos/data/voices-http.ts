// The voices collection bound to the app's HTTP client (bearer token, CSRF, 401 handling). The
// collection takes its client as a parameter so it stays free of the page's globals.
import { api } from '../../../api';
import { loadVoices as loadWith, voicePreviewUrl as previewWith, type PreviewRequest, type VoicesHttp, type VoicesLoad } from './voices';

export const voicesHttp: VoicesHttp = {
  getJson: async <T,>(url: string) => (await api.get<T>(url, { rawError: true })).data,
  postForAudio: async (url: string, body: unknown) =>
    (await api.post<Blob>(url, body, { responseType: 'blob', rawError: true, headers: { Accept: 'audio/*' } })).data,
};

export const loadVoices = (options: { force?: boolean } = {}): Promise<VoicesLoad> => loadWith(voicesHttp, options);
export const voicePreviewUrl = (request: PreviewRequest): Promise<string> => previewWith(voicesHttp, request);

/** What the shared voice picker (src/ui/voices) reads: these lists and previews. */
export const voiceSource = { load: loadVoices, previewUrl: voicePreviewUrl };
