// The transcription domain's public data API: what the app wiring uses (pull, kinds, uploads'
// finish) and what other features may (the video create flow offers the caption styles saved
// here). No React.
export {
  TRANSCRIPTIONS_COLLECTION,
  TRANSCRIPTION_KINDS,
  isTranscriptionActive,
  toLocalTranscription,
  createTranscriptionsSync,
  refreshTranscriptions,
} from './transcription-sync';
export { finishTranscriptionUpload } from './transcription-uploads';
export { captionStyleLibrary, listCaptionStyles, saveCaptionStyle, deleteCaptionStyle, styleNameProblem, CAPTION_STYLE_NAME_MAX } from './caption-styles';
export { transcriptionsNewestFirst, transcriptionById, uploadsOf } from './queries';
