// The page's offline engine, running while a user is signed in: the app outbox owned by
// that user, drained through the app's axios instance (auth + CSRF added at send time) on start,
// enqueue, retry, 'online', visibility, backoff expiry and the "Retry now" button; a resume of
// changes paused by a 401 after each sign-in; the pull of every cached collection on start,
// route entry, focus, reconnect and every few minutes (If-None-Match → 304); Background Sync
// requested after each enqueue so the service worker delivers even when the tab is gone; and
// error reports. connectSyncRuntime() starts and stops it as the session changes.
import type { AxiosInstance } from 'axios';
import { liveQuery, type Subscription } from 'dexie';
import { api } from '../api';
import { getSessionSnapshot, refreshCredits, subscribeSession } from '../session';
import { db, noteStorageError } from '../store';
// Each domain's data modules one by one, not their index.ts: videos.ts (createVideoLocally) loads
// zod, which the runtime does not need.
import { createAccountsSync } from '../features/accounts/data/accounts';
import { watchBalance } from '../features/plans/data/balance-watch';
import { createMusicSync } from '../features/videos/data/music';
import { createPlansSync, createUsageSync } from '../features/plans/data/plans';
import { DUE_CHECK_MS, livePostsSignature } from '../features/publishing/data/post-polling';
import { CALENDAR_COLLECTION, POSTS_COLLECTION } from '../features/publishing/data/post-sync';
import { FAILED_JOBS_COLLECTION } from '../features/publishing/data/failed-jobs';
import { createPublishingSyncs } from '../features/publishing/data/pulls';
import { createScriptsSync } from '../features/scripts/data/scripts';
import { createSeriesEpisodesSync, createSeriesSync } from '../features/series/data/series-sync';
import { createScriptWriterSync } from '../features/scripts/data/script-writer';
import { pruneOfflineCaptioned, pruneOfflineVideos } from '../features/videos/data/video-offline';
import { signatureOf, startVideoPolling, type VideoPolling } from '../features/videos/data/video-polling';
import { createVideosSync, VIDEOS_COLLECTION } from '../features/videos/data/video-sync';
import { createTranscriptionsSync, isTranscriptionActive, TRANSCRIPTIONS_COLLECTION } from '../features/transcription/data/transcription-sync';
import { finishTranscriptionUpload } from '../features/transcription/data/transcription-uploads';
import { ensureUploadRunner, stopUploadRunner } from '../media/upload-runner-loader';
// The editor has no pull: its saves and render requests are registered here, so a save left in the
// outbox is sent after a reload even before the editor is opened again.
import '../features/editor/data/editor-sync';
import {
  appDrainDeps,
  appOutbox,
  axiosGet,
  axiosSend,
  DEFAULT_PULL_INTERVAL_MS,
  setEngineHooks,
  setOutboxOwner,
  startDrainScheduler,
  startPullScheduler,
  syncStatus,
  type DrainScheduler,
  type OutboxCounts,
  type PullScheduler,
} from '../sync';
import { createErrorReporter, installErrorReporting } from './error-reporting';

export interface SyncRuntime {
  readonly userId: string;
  /** Drain now (the "Retry now" button), then pull everything. */
  retryNow(): Promise<void>;
  stop(): void;
}

export interface SyncRuntimeOptions {
  userId: string;
  http?: AxiosInstance;
  pullInterval?: number;
  /** Report uncaught errors and failed requests (default true). */
  reportErrors?: boolean;
}

function isNetworkFailure(error: unknown): boolean {
  const e = error as { response?: unknown; isAxiosError?: boolean; name?: string } | null;
  return !!e && typeof e === 'object' && (e.isAxiosError === true || e.name === 'AxiosError') && !e.response;
}

export function startSyncRuntime(options: SyncRuntimeOptions): SyncRuntime {
  const { userId } = options;
  const http = options.http ?? api;
  let stopped = false;
  setOutboxOwner(() => (stopped ? null : userId));
  // A pull or send that began before stop() may not have reached the network yet (it reads its
  // state from the store first): stopping aborts it, so nothing of this user goes out after a
  // sign-out started.
  const aborter = new AbortController();
  const get = axiosGet(http, { signal: aborter.signal });

  const onEngineError = (error: unknown) => {
    // A full disk must show (storage banner); other engine errors are logged.
    noteStorageError(error);
    console.warn('Sync:', error);
  };

  const drain: DrainScheduler = startDrainScheduler({
    outbox: appOutbox,
    deps: () => appDrainDeps(axiosSend(http, { signal: aborter.signal }), { onError: onEngineError }),
    onError: onEngineError,
    // The first drain runs after the resume below (a sign-in ends any 401 pause).
    immediate: false,
  });

  const pull: PullScheduler = startPullScheduler({
    syncs: [
      createScriptsSync(get),
      createVideosSync(get),
      createMusicSync(get),
      createAccountsSync(get),
      createPlansSync(get),
      createUsageSync(get),
      createScriptWriterSync(get),
      ...createPublishingSyncs(get),
      createTranscriptionsSync(get),
      // The episodes' pull asks for the series on this device at that moment; a series screen's
      // route entry pulls the series first, then their episodes (refreshSeries).
      createSeriesSync(get),
      createSeriesEpisodesSync(get),
    ],
    interval: options.pullInterval ?? DEFAULT_PULL_INTERVAL_MS,
    onSynced: (result) => {
      syncStatus.notePull(result);
      // Offline copies of videos deleted elsewhere (or before a sign-out) are freed.
      if (result.collection === VIDEOS_COLLECTION && result.status === 200) void pruneOfflineVideos().catch(() => undefined);
      if (result.collection === TRANSCRIPTIONS_COLLECTION && result.status === 200) void pruneOfflineCaptioned().catch(() => undefined);
    },
    onError: (error) => {
      if (!isNetworkFailure(error)) onEngineError(error);
    },
  });

  // Live progress: while a video is queued or processing on the server, pull the videos
  // collection adaptively (2 s rising to 15 s, reset on change; paused hidden or offline).
  const activeVideos = () => db.videos.where('status').anyOf('queued', 'processing').filter((video) => video.syncStatus === 'synced').toArray();
  const polling: VideoPolling = startVideoPolling({
    pull: () => pull.run(VIDEOS_COLLECTION),
    activeSignature: async () => signatureOf(await activeVideos()),
  });
  let activeWatcher: Subscription | null = liveQuery(() => activeVideos().then((videos) => videos.length)).subscribe({
    next: (count) => {
      if (count > 0) polling.nudge();
    },
    error: () => undefined,
  });

  // Live transcriptions the same way: transcribing, or rendering the captioned video.
  const activeTranscriptions = () => db.transcriptions.filter((row) => row.syncStatus === 'synced' && isTranscriptionActive(row)).toArray();
  const transcriptionPolling: VideoPolling = startVideoPolling({
    pull: () => pull.run(TRANSCRIPTIONS_COLLECTION),
    activeSignature: async () =>
      signatureOf(
        (await activeTranscriptions()).map((row) => ({
          id: row.id,
          status: `${row.status}/${row.render_status}`,
          progress: row.progress * 1000 + row.render_progress,
          stage: row.stage,
          updated_at: row.updated_at,
        })),
      ),
  });
  let transcriptionWatcher: Subscription | null = liveQuery(() => activeTranscriptions().then((rows) => rows.length)).subscribe({
    next: (count) => {
      if (count > 0) transcriptionPolling.nudge();
    },
    error: () => undefined,
  });
  // Uploads waiting on this device (a reload, a closed tab, going offline) continue: the uploader
  // (and tus-js-client with it) is loaded only when there is one.
  let uploadsWatcher: Subscription | null = liveQuery(() => db.uploads.where('userId').equals(userId).count()).subscribe({
    next: (count) => {
      if (count > 0 && !stopped) ensureUploadRunner(userId, finishTranscriptionUpload);
    },
    error: () => undefined,
  });

  // Live publishing: while a post is being published or one is due, pull the posts, failed jobs and
  // calendar the same adaptive way; a scheduled post becoming due is noticed by a cheap local check.
  const livePosts = async () => livePostsSignature(await db.posts.where('status').anyOf('scheduled', 'publishing').toArray());
  const postPolling: VideoPolling = startVideoPolling({
    pull: () => pull.run([POSTS_COLLECTION, FAILED_JOBS_COLLECTION, CALENDAR_COLLECTION]),
    activeSignature: livePosts,
  });
  let livePostsWatcher: Subscription | null = liveQuery(livePosts).subscribe({
    next: (signature) => {
      if (signature !== null) postPolling.nudge();
    },
    error: () => undefined,
  });
  const dueCheck = setInterval(() => postPolling.nudge(), DUE_CHECK_MS);

  // Another context (the service worker, another tab) may drain or pull: follow the tables.
  let watcher: Subscription | null = liveQuery(() => Promise.all([db.outbox.count(), db.syncState.toArray()])).subscribe({
    next: () => void syncStatus.refresh().catch(() => undefined),
    error: () => undefined,
  });

  // The header's credits (and the create flow's) follow every charge and refund: a delivered
  // create, restart or delete, a render that failed or came out shorter (features/plans/data/balance-watch).
  // Offline the server cannot be asked; the delivery once back online moves the signature again.
  let stopBalance: (() => void) | null = watchBalance(() => {
    if (stopped || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    // A failed request is reported by the HTTP layer; the header keeps the last balance it had.
    refreshCredits().catch(() => undefined);
  });

  const uninstallReporting = options.reportErrors === false ? () => undefined : installErrorReporting(createErrorReporter());

  setEngineHooks({
    pull: async (collection) => {
      await pull.run(collection);
    },
    drain: async () => {
      await drain.drainNow();
    },
  });

  appOutbox
    .resumeAfterSignIn()
    .catch(onEngineError)
    .finally(() => {
      if (!stopped && typeof navigator !== 'undefined' && navigator.onLine !== false) void drain.drainNow();
    });
  void pull.run();
  void syncStatus.refresh().catch(() => undefined);

  return {
    userId,
    async retryNow() {
      if (stopped) return;
      await drain.drainNow();
      await pull.run();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      aborter.abort();
      drain.stop();
      pull.stop();
      watcher?.unsubscribe();
      watcher = null;
      activeWatcher?.unsubscribe();
      activeWatcher = null;
      polling.stop();
      transcriptionWatcher?.unsubscribe();
      transcriptionWatcher = null;
      transcriptionPolling.stop();
      uploadsWatcher?.unsubscribe();
      uploadsWatcher = null;
      stopUploadRunner();
      livePostsWatcher?.unsubscribe();
      livePostsWatcher = null;
      stopBalance?.();
      stopBalance = null;
      clearInterval(dueCheck);
      postPolling.stop();
      uninstallReporting();
      setEngineHooks(null);
      setOutboxOwner(null);
    },
  };
}

// --- one runtime per signed-in user ---------------------------------------------------------------

let current: SyncRuntime | null = null;
let disconnect: (() => void) | null = null;
/** Set by stopForSignOut: the engine stays off until the session is actually gone. */
let signingOut = false;

/** The outbox's counts, for the sign-out warning (sign-out.ts). */
export function outboxCounts(): Promise<OutboxCounts> {
  return appOutbox.counts();
}

export function currentSyncRuntime(): SyncRuntime | null {
  return current;
}

/** Stop the running engine (before a sign-out wipes the store). */
export function stopSyncRuntime(): void {
  current?.stop();
  current = null;
}

/**
 * Stop the engine for a sign-out and keep it stopped until the session is cleared (the session
 * still shows the user while POST /api/logout is on its way). Nothing may be sent or written
 * while the local store is being wiped.
 */
export function stopForSignOut(): void {
  signingOut = true;
  stopSyncRuntime();
}

/** "Retry now": drain and pull, if signed in. */
export async function retrySyncNow(): Promise<void> {
  await current?.retryNow();
}

function signedInUserId(): string | null {
  const session = getSessionSnapshot();
  const id = session.user?.id;
  return session.isAuthenticated && id !== undefined && id !== null ? String(id) : null;
}

/**
 * Run the engine exactly while someone is signed in: start it on sign-in (or on start with a
 * restored session), restart it for another user, stop it on sign-out or when a 401 drops the
 * token (the queue is paused then anyway; signing in again resumes it). Idempotent.
 */
export function connectSyncRuntime(options: Omit<SyncRuntimeOptions, 'userId'> = {}): () => void {
  if (disconnect) return disconnect;
  const apply = () => {
    const userId = signedInUserId();
    if (signingOut) {
      if (userId !== null) return;
      signingOut = false;
    }
    if (current && current.userId === userId) return;
    stopSyncRuntime();
    if (userId === null) {
      void syncStatus.reset().catch(() => undefined);
      return;
    }
    current = startSyncRuntime({ ...options, userId });
  };
  apply();
  const unsubscribe = subscribeSession(apply);
  disconnect = () => {
    unsubscribe();
    stopSyncRuntime();
    disconnect = null;
  };
  return disconnect;
}
