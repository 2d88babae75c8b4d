// Why a render stopped, in words a creator can act on, and whose cause it was: only failures that
// are not the creator's are refunded (docs/decisions/videos.md).
import { VIDEO_STAGE_LABELS, type VideoStageName } from '../../../../contract/videos';
import { ScriptWriterError } from '../../../providers/llm';
import { SpeechProviderError } from '../../../providers/tts/types';
import { VisualProviderError } from '../../../providers/visuals/types';

/** The creator's own doing (their music or scene media was deleted…): not refunded. */
export class CreatorCauseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreatorCauseError';
  }
}

/** The video was deleted while rendering: stop quietly, nothing to record. */
export class VideoGoneError extends Error {
  constructor() {
    super('the video was deleted while rendering');
    this.name = 'VideoGoneError';
  }
}

/** This run's claim went stale and another run took the video over: this one stops, changing nothing. */
export class ClaimLostError extends Error {
  constructor() {
    super('another run took the video over');
    this.name = 'ClaimLostError';
  }
}

export interface FailureReport {
  /** Plain language, shown on the video and its failed stage. */
  message: string;
  creatorCause: boolean;
}

const REFUNDED = 'Your credits were refunded; you can restart the video.';

export function describeFailure(error: unknown, stage: VideoStageName): FailureReport {
  if (error instanceof CreatorCauseError) return { message: error.message, creatorCause: true };
  if (error instanceof SpeechProviderError) {
    // 'bad': this text or this voice will never work with the provider — the creator's choice.
    if (error.kind === 'bad') return { message: `The voice could not read this script: ${error.message} Choose another voice or change the script.`, creatorCause: true };
    return { message: `The voice service failed: ${error.message} ${REFUNDED}`, creatorCause: false };
  }
  if (error instanceof VisualProviderError) return { message: `The picture service failed: ${error.message} ${REFUNDED}`, creatorCause: false };
  if (error instanceof ScriptWriterError) return { message: `The AI model could not write the script: ${error.message} ${REFUNDED}`, creatorCause: false };
  const step = VIDEO_STAGE_LABELS[stage].toLowerCase();
  return { message: `Something went wrong on our side while ${step}. ${REFUNDED}`, creatorCause: false };
}
