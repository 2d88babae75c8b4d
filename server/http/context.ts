// What route modules need from the app: the database, config values and providers.
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { ScriptWriter } from '../providers/llm';
import type { Mailer } from '../providers/mail/mailer';
import type { SpeechProviders } from '../providers/tts';
import type { VoiceCatalogue } from '../domain/voices/voice-catalogue';
import type { SignedMediaUrls } from '../media/signed-urls';
import type { MediaStorage } from '../media/storage/types';
import type { MusicComposer } from '../media/music/composer-pool';
import type { VideoRenderer } from '../domain/videos/runner';
import type { SocialAdapters } from '../domain/ports/social';
import type { AccountTokenService, PublishScheduler } from '../domain/social/types';
import type { TranscriptionRunner } from '../domain/transcriptions/runner';
import type { SpeechToTextSetup } from '../providers/stt';

/** A finished resumable upload of one user, on disk or in the bucket (the tus uploads give it). */
export interface FinishedUpload {
  size: number;
  filename: string;
  mimeType: string;
  /** Writes the upload's bytes to a local file. */
  copyTo(destination: string): Promise<void>;
}

/** The resumable uploads (tus, /api/uploads) as the transcriptions see them. */
export interface FinishedUploads {
  /** The user's finished upload of that id, or null (unknown, unfinished, or another user's). */
  finishedUpload(userId: number, uploadId: string): Promise<FinishedUpload | null> | FinishedUpload | null;
  /** Removes an upload once a transcription holds its copy (frees the user's upload slots). */
  release?(userId: number, uploadId: string): Promise<unknown>;
}

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  scriptWriter: ScriptWriter;
  /** Every voice provider, configured or not (server/providers/tts). */
  speech: SpeechProviders;
  /** The providers' voice lists, kept in memory: what the picker shows and a video may name. */
  voices: VoiceCatalogue;
  /** Where requests hand off deferred work (pg-boss in the server, inline otherwise). */
  jobs: JobQueue;
  /** The label of the service new scene pictures come from (the configured one, or the built-in art). */
  pictureService: string;
  /** Where media files live (disk or S3-compatible). */
  storage: MediaStorage;
  /** Signs the expiring URLs of media in owner-scoped answers; GET /media/* verifies them. */
  mediaUrls: SignedMediaUrls;
  /** Composes the built-in tracks off the event loop (their previews are rendered on first use). */
  musicComposer: MusicComposer;
  /** Where queued videos go to be rendered (pg-boss, or the in-process runner). */
  renders: VideoRenderer;
  /** Social platform adapters in use (real or the built-in sandbox), by platform. */
  social: SocialAdapters;
  /** Where posts' targets go to be published (pg-boss, or the in-process scheduler). */
  publisher: PublishScheduler;
  /** Access tokens of connected accounts (the accounts half), used by the publish engine. */
  accountTokens: AccountTokenService;
  /** The speech-to-text engine the configuration names, or why there is none. */
  speechEngine: SpeechToTextSetup;
  /** Where stored transcriptions go to be transcribed (pg-boss, or the in-process runner). */
  transcriber: TranscriptionRunner;
  /** Finished resumable uploads (JSON form of POST /api/transcriptions); absent = not available. */
  uploads?: FinishedUploads;
}
