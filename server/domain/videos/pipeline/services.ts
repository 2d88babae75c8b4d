// What the render pipeline needs from the rest of the server, as one object so tests can swap a
// piece (a provider that fails once, a counting voice) and the job runner can build it once.
import type { BuiltinMusicTrack } from '../../../../contract/builtin-music';
import type { VoiceProviderId } from '../../../../contract/voices';
import type { Db } from '../../../db/client';
import type { MediaStorage } from '../../../media/storage/types';
import type * as SegmentRenderer from '../../../media/segments';
import type { CaptionInput, ComposeInput, ComposeResult, ProgressReporter } from '../../../media/types';
import type { ScriptWriter } from '../../ports/script-writer';
import type { SpeechProvider } from '../../ports/speech';
import type { VisualProvider } from '../../ports/visuals';

/** A file the creator uploaded earlier (music track or scene media), as stored. */
export interface StoredMedia {
  key: string;
  kind: 'image' | 'video' | 'audio';
}

export interface RenderServices {
  db: Db;
  storage: MediaStorage;
  scriptWriter: ScriptWriter;
  /** Every speech provider the server knows, configured or not ('builtin' always). */
  speech: Partial<Record<VoiceProviderId, SpeechProvider>>;
  /** The configured visual provider (server/providers/visuals: it falls back to the built-in art per scene). */
  visuals: VisualProvider;
  /** The creator's music track, or null when it no longer exists. */
  musicTrack(db: Db, userId: number, trackId: string): Promise<(StoredMedia & { title: string }) | null>;
  /** A built-in track's loop, rendered and stored on first use (server/media/music). */
  builtinMusic(track: BuiltinMusicTrack, signal?: AbortSignal): Promise<StoredMedia>;
  /** The creator's scene media by id; ids that no longer exist are missing from the map. */
  sceneMedia(db: Db, userId: number, ids: string[]): Promise<Map<string, StoredMedia>>;
  /** ASS subtitles for the word timings in a style. */
  captionsAss(input: CaptionInput): string;
  compose(input: ComposeInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<ComposeResult>;
  /** The per-scene renderer an edited video's versions are made with (tests count its calls). */
  segments: Pick<typeof SegmentRenderer, 'segmentKey' | 'soundtrackKey' | 'encodeSegment' | 'mixSoundtrack' | 'joinSegments'>;
  /** Folder of the shipped caption fonts. */
  fontsDir: string;
  /** Where work folders are made (default the OS temp folder). */
  workRoot?: string;
  log?: (message: string, error?: unknown) => void;
}
