// The videos domain's public data API: what the app wiring and other features may use (e.g.
// transcription keeps captioned copies offline through video-offline, the credits watch counts the
// video kinds). Left out on purpose: videos.ts (createVideoLocally validates with zod; only the
// create flow here needs it) and video-delete.ts (it cancels posts through publishing, which itself
// lists videos). No React.
export {
  VIDEOS_COLLECTION,
  VIDEO_KINDS,
  videoEntityKey,
  isVideoActive,
  isAiVideo,
  toLocalVideo,
  createVideoMutation,
  deleteVideoMutation,
  restartVideoMutation,
  deleteVideoLocally,
  undoDeleteVideo,
  restartVideoLocally,
  setVideoKeptOffline,
  refreshVideos,
  fetchAllVideos,
  createVideosSync,
} from './video-sync';
export type { CreateVideoPayload, DeletedVideo, VideoChangePayload } from './video-sync';
export {
  keepVideoOffline,
  keepCaptionedOffline,
  removeOfflineVideo,
  forgetOfflineVideo,
  offlineVideoSize,
  offlineVideoBlob,
  offlineVideoPath,
  offlineVideoIdOf,
  offlineCaptionedPath,
  offlineCaptionedIdOf,
  isOfflineCopyPath,
  pruneOfflineVideos,
  pruneOfflineCaptioned,
  OFFLINE_VIDEO_CACHE,
} from './video-offline';
export type { OfflineCopyKind } from './video-offline';
export { startVideoPolling, nextPollDelay, signatureOf, VIDEO_POLL_MIN_MS, VIDEO_POLL_MAX_MS } from './video-polling';
export type { VideoPolling, VideoPollingOptions, TimerApi } from './video-polling';
export {
  MUSIC_COLLECTION,
  MUSIC_KINDS,
  MUSIC_TITLE_MAX,
  musicEntityKey,
  isMusicTrack,
  toLocalTrack,
  saveUploadedTrack,
  renameTrackLocally,
  deleteTrackLocally,
  undoDeleteTrack,
  renameTrackMutation,
  deleteTrackMutation,
  refreshMusic,
  fetchAllMusic,
  createMusicSync,
} from './music';
export type { DeletedTrack, RenameTrackPayload, DeleteTrackPayload } from './music';
export { videosNewestFirst, videoById, tracksNewestFirst, trackById } from './queries';
// The voice lists and previews the shared voice picker reads (the series wizard shows it too).
export { voiceSource } from './voices-http';
export { uploadSceneMedia } from './videos-http';
