// The editor's public data API: the edits (pure), the draft actions and queries the screens use,
// and what the app wiring registers. No React.
export {
  TimelineEditError,
  reorderScene,
  splitScene,
  mergeScenes,
  addScene,
  deleteScene,
  rewriteScene,
  swapVisual,
  setSceneDuration,
  setTrimStart,
  setMotion,
  setVoice,
  setMusic,
  setMusicVolume,
  setCaptionSettings,
  setAspectRatio,
  fixCaptionWord,
  estimatedNarrationSeconds,
  narrationSeconds,
} from './timeline-edits';
export type { VisualChoice, NewSceneOptions } from './timeline-edits';
export { HISTORY_LIMIT, COALESCE_MS, canUndo, canRedo } from './history';
export { describeTimelineChanges } from './timeline-changes';
export { EditorDraftError, edit, undo, redo, resolveConflict, discardDraft, requestRender, storeFetchedTimeline } from './drafts';
export type { EditOptions } from './drafts';
export { loadTimeline, deleteVersion } from './editor-http';
export { editorDraft, draftState } from './queries';
export type { DraftState } from './queries';
export { EDITOR_KINDS, saveTimelineMutation, renderVersionMutation, timelineEntityKey } from './editor-sync';
export type { EditorDraftRow } from '../../../store/db';
