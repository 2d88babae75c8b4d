// The one versioned Dexie schema of the PWA (DESIGN §4). Imported by the page and, later, by the
// service worker — so no React and no DOM-only APIs here. Bump SCHEMA_VERSION with a new
// `version(n).stores(...)` block (never edit an old one); an old service worker must not write
// rows of a newer schema, which is why outbox rows carry their own schemaVersion.
import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  AiVideo,
  CalendarEntry,
  FailedJob,
  LimitUsage,
  MusicTrack,
  Permissions,
  PlanSummary,
  Post,
  PublishableVideo,
  Script,
  ScriptWriterInfo,
  Series,
  SeriesEpisode,
  SocialAccount,
  Timeline,
  TimelineResponse,
  Transcription,
  CaptionSettings,
  User,
  VoicesResponse,
} from '../../contract';
import { bindEngineStore, type EngineStore } from '../sync/engine';
// Type-only: the sync layer owns the outbox and syncState row shapes (one definition).
import type { HttpMethod } from '../sync/registry';
import type { OutboxItem } from '../sync/outbox';
import type { SyncStateRow } from '../sync/pull';

export type { OutboxItem, OutboxStatus } from '../sync/outbox';
export type { SyncStateRow } from '../sync/pull';
/** @deprecated use HttpMethod from src/sync */
export type OutboxHttpMethod = HttpMethod;

export const DB_NAME = 'reelflow';
export const SCHEMA_VERSION = 9;

/** Key/value rows of the `session` table. */
export interface SessionRows {
  token: string;
  user: User;
  credits: number;
}
export type SessionKey = keyof SessionRows;
export interface SessionRow<K extends SessionKey = SessionKey> {
  key: K;
  value: SessionRows[K];
  updatedAt: string;
}

/** The last permissions object fetched for a user (offline fallback). */
export interface PermissionsRow {
  userId: string;
  permissions: Permissions;
  fetchedAt: string;
}

/** A cached server entity. Shapes belong to the sync layer; the store only needs the key. */
export interface CachedEntity {
  id: string | number;
  [field: string]: unknown;
}

/** Where a local script stands with the server. */
export type ScriptSyncStatus = 'synced' | 'pending' | 'failed';

/**
 * A row of the `scripts` table (schema 2): the server's Script plus its local sync state.
 * 'pending': changes wait in the outbox; 'failed': the server refused one of them — `syncError`
 * is its message and `failedOutboxId` the outbox item to retry or discard.
 */
export type LocalScript = Script & {
  syncStatus: ScriptSyncStatus;
  syncError: string | null;
  failedOutboxId: string | null;
};

/** Where a local video or music track stands with the server (same meaning as for scripts). */
export type EntitySyncStatus = ScriptSyncStatus;

/**
 * A row of the `videos` table (schema 4): the server's AiVideo plus its local sync state. A video
 * created offline is a row with status 'queued' and syncStatus 'pending' until the outbox
 * delivers it. `keptOffline`: the creator asked for the file to be cached for offline playback.
 */
export type LocalVideo = AiVideo & {
  syncStatus: EntitySyncStatus;
  syncError: string | null;
  failedOutboxId: string | null;
  keptOffline: boolean;
};

/** A row of the `music` table (schema 4): one track of the creator's music library. */
export type LocalMusicTrack = MusicTrack & {
  syncStatus: EntitySyncStatus;
  syncError: string | null;
  failedOutboxId: string | null;
};

/** Local sync state of a publishing row (schema 5), as for scripts and videos. */
interface SyncFields {
  syncStatus: EntitySyncStatus;
  syncError: string | null;
  failedOutboxId: string | null;
}

/** A row of the `posts` table (schema 5): a post created, drafted or edited here or on the server. */
export type LocalPost = Post & SyncFields;
/** A row of the `accounts` table (schema 5): a connected social account (pending: a disconnect waits). */
export type LocalAccount = SocialAccount & SyncFields;
/** A row of the `failedJobs` table (schema 5) (pending: a reschedule waits in the outbox). */
export type LocalFailedJob = FailedJob & SyncFields;
/** A row of the `calendarEntries` table (schema 5): GET /api/get/calendar/. */
export type CalendarEntryRow = CalendarEntry;
/** A row of the `publishVideos` table (schema 5): a completed video offered by GET /api/get/videos. */
export type PublishVideoRow = PublishableVideo;

/**
 * A row of the `transcriptions` table (schema 6): one transcription, as for videos. The list pull
 * brings no words: `words` are those of GET /api/transcriptions/{id} at `wordsUpdatedAt` (the
 * server's `updated_at` they belong to; stale when it differs; null until the words of the
 * completed transcription were fetched — not an empty transcript). `keptOffline`: the captioned
 * video is kept for offline playback.
 */
export type LocalTranscription = Transcription & SyncFields & { wordsUpdatedAt: string | null; keptOffline: boolean };

/** Where a resumable upload of a transcription's file stands on this device. */
export type UploadStatus = 'waiting' | 'uploading' | 'paused' | 'failed';

/**
 * A row of the `uploads` table (schema 6): a transcription's file on its way up (tus), kept here
 * with the file itself so it survives a reload, going offline or a closed tab. `id` is the
 * transcription's client id; the row is deleted once the upload is finished and the create
 * request waits in the outbox.
 */
export interface UploadRow {
  id: string;
  userId: string;
  /** What goes up: the speech audio, the compressed video or the original file. */
  file: Blob;
  fileName: string;
  fileType: string;
  size: number;
  sends: 'audio' | 'original' | 'compressed';
  /** The original file's size (before extraction or compression). */
  originalSize: number;
  /** The tus upload URL once the server created it (a resume continues there). */
  uploadUrl: string | null;
  uploadedBytes: number;
  status: UploadStatus;
  /** Why it stopped (status 'failed'), in the creator's words. */
  error: string | null;
  /** The create request's fields (the POST body once the upload is finished, with `upload_id`). */
  request: { caption_settings: CaptionSettings; render_video: boolean; skip_size_check: boolean; language: string | null };
  createdAt: string;
  updatedAt: string;
}

/** A row of the `captionStyles` table (schema 6): a caption style the creator saved by name, offered wherever captions are styled. */
export interface CaptionStyleRow {
  id: string;
  name: string;
  settings: CaptionSettings;
  createdAt: string;
}

/** A row of the `voices` table (schema 4): one provider's voice list (GET /api/voices). */
export type VoicesRow = VoicesResponse & { fetchedAt: string };

/** A row of the `plans` table (schema 3): one plan of GET /api/plans, kept for offline use. */
export type PlanRow = PlanSummary;
/** A row of the `usage` table (schema 3): one limit's usage from GET /api/user/usage. */
export type UsageRow = LimitUsage;
/** The one row of the `scriptWriter` table (schema 7): the server's script writer, GET /api/script-writer. */
export type ScriptWriterRow = ScriptWriterInfo;

/**
 * A row of the `series` table (schema 8): one series of the creator, with its local sync state
 * (pending: a change, an approval or a request for an episode waits in the outbox).
 */
export type LocalSeries = Series & SyncFields;
/** A row of the `seriesEpisodes` table (schema 8): one episode of a series' timeline, as last pulled or changed here. */
export type SeriesEpisodeRow = SeriesEpisode;

/**
 * A row of the `editorDrafts` table (schema 9): the editor's local draft of one video's timeline,
 * saved as every edit is made (src/features/editor/data). `server` is the timeline as last loaded
 * or saved, `timeline` the working copy, `revision` the server revision the working copy is based
 * on (its saves carry it as If-Match); `dirty`: the working copy has not reached the server yet;
 * `conflict`: the server's newer timeline after a refused save (412), until the creator chooses.
 */
export interface EditorDraftRow {
  videoId: string;
  ownerId: string;
  server: TimelineResponse;
  timeline: Timeline;
  /** Undo and redo snapshots (oldest first), and the last edit for coalescing keystrokes. */
  past: Timeline[];
  future: Timeline[];
  lastEdit: { key: string; at: number } | null;
  revision: number;
  dirty: boolean;
  conflict: TimelineResponse | null;
  /** Why the server refused the last save or render request (other than a conflict), in its words. */
  saveError: string | null;
  renderError: string | null;
  updatedAt: string;
}

export const CACHED_COLLECTIONS = [
  'scripts',
  'videos',
  'series',
  'posts',
  'calendarEntries',
  'accounts',
  'failedJobs',
  'transcriptions',
  'music',
] as const;
export type CachedCollection = (typeof CACHED_COLLECTIONS)[number];

export class ReelflowDB extends Dexie {
  session!: Table<SessionRow, SessionKey>;
  permissions!: EntityTable<PermissionsRow, 'userId'>;
  scripts!: Table<LocalScript, string>;
  videos!: Table<LocalVideo, string>;
  series!: Table<LocalSeries, string>;
  seriesEpisodes!: Table<SeriesEpisodeRow, string>;
  posts!: Table<LocalPost, string>;
  calendarEntries!: Table<CalendarEntryRow, string>;
  accounts!: Table<LocalAccount, string>;
  failedJobs!: Table<LocalFailedJob, string>;
  publishVideos!: Table<PublishVideoRow, string>;
  transcriptions!: Table<LocalTranscription, string>;
  uploads!: Table<UploadRow, string>;
  captionStyles!: Table<CaptionStyleRow, string>;
  plans!: Table<PlanRow, string>;
  usage!: Table<UsageRow, string>;
  scriptWriter!: Table<ScriptWriterRow, string>;
  music!: Table<LocalMusicTrack, string>;
  voices!: Table<VoicesRow, string>;
  editorDrafts!: Table<EditorDraftRow, string>;
  outbox!: Table<OutboxItem, string>;
  syncState!: EntityTable<SyncStateRow, 'collection'>;

  constructor(name = DB_NAME) {
    // Without Dexie's live-query cache: with it (Dexie 4.4), a query nobody watched at the moment
    // kept rows deleted inside a transaction (a pull's replacement, the clear at sign-out) and showed
    // them when a screen watched it again, merged with what was written since. Every live query
    // reads IndexedDB instead (tests/unit/store-live-queries.test.ts).
    super(name, { cache: 'disabled' });
    this.version(1).stores({
      session: 'key',
      permissions: 'userId',
      scripts: 'id',
      videos: 'id',
      series: 'id',
      posts: 'id',
      calendarEntries: 'id',
      accounts: 'id',
      failedJobs: 'id',
      transcriptions: 'id',
      outbox: 'id, status, [entityKey+createdAt], nextAttemptAt',
      syncState: 'collection',
    });
    // Schema 2: scripts are LocalScript rows, indexed for "newest first" and for the
    // pending/failed badges. Rows cached by schema 1 were never written (the table was empty
    // until now); any that exist get the 'synced' defaults so every row has the new fields.
    this.version(2)
      .stores({ scripts: 'id, updated_at, syncStatus' })
      .upgrade((tx) =>
        tx
          .table('scripts')
          .toCollection()
          .modify((row: Partial<LocalScript>) => {
            row.syncStatus ??= 'synced';
            row.syncError ??= null;
            row.failedOutboxId ??= null;
          }),
      );
    // Schema 3: the plan catalogue (which plan unlocks what) and the user's usage of
    // each limit, pulled like the other collections so the nav and home work offline.
    this.version(3).stores({ plans: 'key', usage: 'limit' });
    // Schema 4: videos become typed LocalVideo rows (newest first, status filter, sync
    // badges), the music library, and the voice lists cached for the picker. The videos table
    // was never written before, so no upgrade of old rows is needed.
    this.version(4).stores({
      videos: 'id, created_at, status, syncStatus',
      music: 'id, created_at, syncStatus',
      voices: 'provider',
    });
    // Schema 5: publishing. Posts (newest first, by time for the calendar, status
    // filter, sync badges), connected accounts, failed jobs, calendar entries and the completed
    // videos offered for publishing. None of these tables was written before: no upgrade needed.
    this.version(5).stores({
      posts: 'id, created_at, scheduled_at, status, syncStatus',
      accounts: 'id, platform, connected_at, syncStatus',
      failedJobs: 'id, failed_at, kind, syncStatus',
      calendarEntries: 'id, start',
      publishVideos: 'id, created_at',
    });
    // Schema 6: transcriptions become typed rows (newest first, status filter, sync
    // badges), the resumable uploads waiting on this device (with their files), and the caption
    // styles the creator saved by name. The transcriptions table was never written before.
    this.version(6).stores({
      transcriptions: 'id, created_at, status, syncStatus',
      uploads: 'id, userId, createdAt, status',
      captionStyles: 'id, name, createdAt',
    });
    // Schema 7: the server's script writer (the languages it writes, the most words it writes),
    // pulled like the plans, so the create flow knows offline which lengths a topic can fill.
    this.version(7).stores({ scriptWriter: 'id' });
    // Schema 8: series become typed rows (newest first, status filter, sync badges) and their
    // episodes are cached by series for the timeline, so both read offline. The series table was
    // never written before: no upgrade needed.
    this.version(8).stores({
      series: 'id, created_at, status, syncStatus',
      seriesEpisodes: 'id, series_id',
    });
    // Schema 9: the editor's local drafts, one per video (the working copy, its undo history and
    // the server revision it is based on), so edits survive a reload and work offline. New table.
    this.version(9).stores({ editorDrafts: 'videoId, ownerId, updatedAt' });
  }
}

export const db = new ReelflowDB();

// The offline engine (src/sync) works on the store it is handed: this one, bound where it is
// created, so every context that opens it (page, service worker, tests) can queue at once.
bindEngineStore({ database: db, outbox: db.outbox, syncState: db.syncState, session: db.session as unknown as EngineStore['session'] });

/** The Cache Storage cache of videos kept for offline playback (src/features/videos/data/video-offline.ts). */
export const OFFLINE_VIDEO_CACHE = 'reelflow-offline-videos';

/** Remove everything of the signed-in user from this device (sign-out), kept videos included. */
export async function clearLocalStore(database: ReelflowDB = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((table) => table.clear()));
  });
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_VIDEO_CACHE).catch(() => false);
}
