// Where the voice picker gets its lists and previews: handed in by the feature that owns the voices
// collection (videos/data), so the picker itself reads no store and any screen can show it.
import type { VoiceProviderId, VoicesResponse } from '../../../contract';
import type { ScriptLanguage } from './voice-filters';

export interface VoicePreviewRequest {
  provider: VoiceProviderId;
  voice_id: string;
  text?: string;
  language?: ScriptLanguage;
}

export interface VoiceSource {
  /** The cached lists at once, refreshed when stale or forced; `problem` says why the server was not asked. */
  load: (options: { force?: boolean }) => Promise<{ rows: VoicesResponse[]; problem: string | null }>;
  /** A playable URL of the voice saying the text. */
  previewUrl: (request: VoicePreviewRequest) => Promise<string>;
}
